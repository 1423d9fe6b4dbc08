export * from './deal-api';
export * from './deal-settings';
export * from './formulas';
export * from './revenue-api';
export * from './stages';

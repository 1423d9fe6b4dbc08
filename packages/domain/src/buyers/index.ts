export * from './buy-box';
export * from './matching';
export * from './matches-api';

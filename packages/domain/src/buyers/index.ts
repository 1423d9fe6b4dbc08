export * from './buy-box';
export * from './matching';
export * from './matches-api';
export * from './csv-import';
export * from './sends-api';

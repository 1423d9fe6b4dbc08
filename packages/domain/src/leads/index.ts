export * from './buyer-api';
export * from './csv-mapping';
export * from './display';
export * from './lead-api';
export * from './lead-fields';
export * from './phone';
export * from './score';

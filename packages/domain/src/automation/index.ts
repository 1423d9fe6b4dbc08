export * from './enrolment-api';
export * from './exits';
export * from './schedule';
export * from './segments';
export * from './sequence-api';
export * from './templates';
export * from './rules-api';

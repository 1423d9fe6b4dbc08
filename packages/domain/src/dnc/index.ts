export * from './dnc-api';

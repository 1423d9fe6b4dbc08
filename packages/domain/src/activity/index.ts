export * from './activity-api';

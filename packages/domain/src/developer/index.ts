export * from './api-keys';
export * from './integrations';

export * from './opt-out';
export * from './sms-api';
export * from './templates';

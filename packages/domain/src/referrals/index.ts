export * from './fee';
export * from './partner-api';
export * from './referral-api';
export * from './public-api';

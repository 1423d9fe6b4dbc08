export * from './room-api';
export * from './offer-api';

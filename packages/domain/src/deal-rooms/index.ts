export * from './room-api';
export * from './offer-api';
export * from './rank';

export * from './api';
export * from './constants';
export * from './messages';
export * from './routes';
export * from './leads';
export * from './calls';
export * from './transcription';
export * from './coaching';

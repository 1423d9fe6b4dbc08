export * from './actions';
export * from './call-analysis';

export * from './types';
export * from './patterns';
export * from './dnc';
export * from './coaching-rules';

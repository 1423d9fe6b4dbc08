export * from './rules';
export * from './merge';
export * from './stream';
export * from './connection';

export * from './rules';
export * from './merge';

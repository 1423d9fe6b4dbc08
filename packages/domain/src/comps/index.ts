export * from './adjustments';
export * from './analyze';
export * from './arv';
export * from './comps-api';
export * from './geo';
export * from './missing';
export * from './similarity';

export * from './call-api';
export * from './caller-id';
export * from './calling-window';
export * from './outcomes';
export * from './voice';

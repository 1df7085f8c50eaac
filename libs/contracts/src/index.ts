export * from './roles';
export * from './api';
export * from './events';
export * from './client-events';
export * from './account';
export * from './org';
export * from './catalogue';

export * from './messages';
export * from './state';
export * from './schemas';

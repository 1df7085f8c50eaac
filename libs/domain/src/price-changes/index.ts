export * from './state';
export * from './dates';
export * from './messages';
export * from './schemas';

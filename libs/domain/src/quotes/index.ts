export * from './messages';
export * from './state';
export * from './dates';
export * from './schemas';
export * from './paste';
export * from './recipients';

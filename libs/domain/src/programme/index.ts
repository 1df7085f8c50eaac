export * from './due';
export * from './messages';
export * from './schemas';
export * from './import';
export * from './imported-slot';

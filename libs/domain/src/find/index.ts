export * from './normalise';
export * from './schemas';

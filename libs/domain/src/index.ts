export * from './messages';
export * from './email';
export * from './password';
export * from './auth-schemas';
export * from './csrf';
export * from './catalogue';
export * from './account';
export * from './org';

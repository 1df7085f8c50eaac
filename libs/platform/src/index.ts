export * from './env';
export * from './queues';
export * from './pg-listener';
export * from './realtime';
export * from './mailer';
export * from './passwords';
export * from './files';

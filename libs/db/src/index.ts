export * from './migrations';
export * from './data-source';
export * from './database-url';
export * from './audit-retention';
export * from './pricing-sql';
export * from './sql';
export * from './change';
export * from './variants';

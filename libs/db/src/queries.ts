/**
 * `@portal/db/queries`: the SQL helpers and the price expression without TypeORM, migrations or the
 * platform behind them, for a process that only reads with plain pg (the price-list build process).
 */
export * from './sql';
export * from './pricing-sql';

export * from './pricing';
export * from './odd-size';
export * from './categories';
export * from './grid';
export * from './messages';
export * from './variant-rules';
export * from './import';
export * from './product-line';

export { FindBox } from './components/FindBox';
export { FindResults, aliasLine } from './components/FindResults';
export { fetchFind, groupByCategory, type FindAnswer, type FindRow, type AliasSource } from './api';

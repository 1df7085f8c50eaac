export { CataloguePricelistActions } from './components/CataloguePricelistActions';
export { CompanyPricelistActions } from './components/CompanyPricelistActions';

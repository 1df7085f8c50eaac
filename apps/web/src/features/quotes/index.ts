export { RequestQuoteForm } from './components/RequestQuoteForm';
export { AddToRequest } from './components/AddToRequest';
export { QuoteDraftBar } from './components/QuoteDraftBar';

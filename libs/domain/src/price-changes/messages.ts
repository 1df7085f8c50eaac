import { priceChangeDayText } from './dates';

export const PRICE_CHANGE_MSG = {
  notFound: 'Price change not found',
  scheduled: 'Price change scheduled',
  updated: 'Price change updated',
  cancelled: 'Price change cancelled',
  kindInvalid: "kind must be 'company_multipliers' or 'list_prices'",
  effectiveAtInvalid: 'effective_at must be a date and time (ISO 8601)',
  effectiveAtPast: 'effective_at must be in the future',
  noticeDaysInvalid: 'notice_days must be a whole number from 0 to 90',
  percentagesRequired: 'percentages must name at least one multiplier',
  nothingMoves: 'These multipliers are the company’s current ones: nothing would change',
  versionRequired: 'version is required',
  nothingToUpdate: 'Nothing to update',
  stale: 'This price change was changed by someone else: reload it and try again',
  notScheduled: (status: string) => `This price change is ${status}: only a scheduled change can be changed`,
  clash: (line: string) =>
    `Another price change to the same ${line} takes effect at the same instant: change its date or that one`,
  importNotReady: 'Only an import whose dry run is ready can be scheduled',
  importStale: 'The catalogue changed after this dry run: run the dry run again',
  importNoPrices: 'This import changes no list prices',
  companyNotFound: 'Company not found',
  importNotFound: 'Import not found',
  noticeSubject: (effectiveAt: Date | string, timeZone: string) =>
    `Prices change on ${priceChangeDayText(effectiveAt, timeZone)}`,
} as const;

import type { AgreedItemStatus, OrderStatus } from '@portal/contracts';
import { formatQuoteDate } from '../quotes/dates';

/** How each status is written on screen (badges, the desk's counters, emails). */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending_approval: 'Waiting for approval',
  submitted: 'Submitted',
  acknowledged: 'Acknowledged',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const AGREED_ITEM_STATUS_LABEL: Record<AgreedItemStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

const ACTION_VERB: Record<string, string> = {
  approve: 'approve',
  reject: 'reject',
  acknowledge: 'acknowledge',
  confirm: 'confirm',
  ship: 'ship',
  cancel: 'cancel',
  submit: 'submit',
};

/** Order request and agreed item texts (screens and API answers), verbatim. */
export const ORDER_MSG = {
  submitted: (number: string) => `Order request ${number} was sent to the office`,
  pendingApproval: (number: string) => `Order request ${number} is waiting for your company admin's approval`,
  notFound: 'Order request not found',
  agreedItemNotFound: 'Agreed item not found',
  superadminCannotOrder: 'Order requests are made by a company’s employees and admins',
  tooMany: (n: number) => `You have sent ${n} order requests in the last hour. Please try again later.`,
  linesRequired: 'Add at least one line to the order',
  tooManyLines: (n: number) => `An order may have at most ${n} lines`,
  kindInvalid: 'Each line needs a kind: catalogue or agreed_item',
  variantInvalid: 'Invalid variant ID',
  variantNotFound: (n: number) => `Line ${n}: this product is not in the catalogue`,
  agreedItemInvalid: 'Invalid agreed item ID',
  agreedItemUnknown: (n: number) => `Line ${n}: this agreed item is not one of your company's`,
  agreedItemExpired: (n: number, date: string) =>
    `Line ${n}: the agreed price ended on ${formatQuoteDate(date, true)} — ask the office to renew`,
  agreedItemWithdrawn: (n: number) => `Line ${n}: this agreed item was withdrawn by the office`,
  quantityInvalid: 'Quantity must be a whole number from 1 to 100,000',
  poNumberTooLong: 'PO number must be at most 35 characters',
  poNumberInvalid: 'PO number must not contain control characters',
  referenceTooLong: 'Your reference must be at most 100 characters',
  noteTooLong: 'The note must be at most 4,000 characters',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  siteInvalid: 'Invalid site ID',
  siteNotFound: 'This site is not one of your company’s',
  expectedTotalInvalid: 'expected_total must be an amount of 0 or more with at most 2 decimals',
  totalChanged: 'Prices have changed since you looked: check the new total and submit again',
  fromInvalid: 'from must name an order_request_id or a quote_request_id',
  fromOrLines: 'Send either lines or from, not both',
  sourceNotFound: 'The order or quote to order again was not found',
  sourceNotAccepted: 'Only an accepted quote can be ordered again',
  sourceEmpty: 'Nothing in it can be ordered again: its items are no longer available',
  versionRequired: 'version is required: reload the request and try again',
  staleVersion: 'This request has changed since you opened it. Reload it and try again.',
  actionNotAllowed: (action: string, status: OrderStatus) =>
    `You cannot ${ACTION_VERB[action] ?? action} a request that is ${ORDER_STATUS_LABEL[status].toLowerCase()}`,
  actionForbidden: (action: string) => `You may not ${ACTION_VERB[action] ?? action} this request`,
  selfApproval: 'You cannot approve or reject your own request: another admin of your company must',
  reasonRequired: 'Please give a reason',
  reasonTooLong: 'The reason must be at most 1,000 characters',
  officeRefTooLong: 'The office reference must be at most 100 characters',
  trackingTooLong: 'Tracking must be at most 200 characters',
  statusInvalid: 'Unknown status',
  companyInvalid: 'Invalid company ID',
  searchTooLong: 'Search must be at most 100 characters',
  thresholdInvalid: 'approval_threshold must be an amount of 0 or more with at most 2 decimals, or null',
  thresholdRequired: 'approval_threshold is required (null for no approval)',
  thresholdSaved: 'Approval threshold saved',
  companyNotFound: 'Company not found',
  priceInvalid: 'Prices must be 0 or more with at most 2 decimals',
  priceHeldUntilRange: 'price_held_until must be from the quote’s validity to 3 years from today',
  customerPartNoTooLong: 'Your part number must be at most 40 characters',
  customerPartNoTaken: 'Another of your items already has this part number',
  agreedStatusInvalid: "status must be 'active' or 'withdrawn'",
  renewNeedsDate: 'To renew an expired item, give a price_held_until from today on',
  agreedItemFieldsForbidden: 'You may only change your part number',
  agreedItemSaved: 'Agreed item saved',
  exportRange: 'from and to must be dates as YYYY-MM-DD, from not after to',
  formatInvalid: "format must be 'csv' or 'xlsx'",
} as const;

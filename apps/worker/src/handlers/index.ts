import { authEmails, authNotifications } from './auth.handlers';
import { accountEmails, accountNotifications } from './account.handlers';
import { orgEmails, orgNotifications } from './org.handlers';
import { catalogueNotifications } from './catalogue.handlers';
import { importEmails, importNotifications } from './imports.handlers';
import { twoFactorEmails, twoFactorNotifications } from './two-factor.handlers';
import { pricelistNotifications } from './pricelists.handlers';
import { quoteEmails, quoteNotifications } from './quotes.handlers';
import { orderEmails, orderNotifications } from './orders.handlers';
import { deliverabilityEmails, deliverabilityNotifications } from './deliverability.handlers';
import { programmeEmails, programmeNotifications } from './programme.handlers';
import { priceChangeEmails, priceChangeNotifications } from './price-changes.handlers';
import type { EmailHandlers, NotificationHandlers } from './registry';

/** Every feature's handlers, merged. A type handled twice is a start-up error. */
function merge<T extends object>(...tables: T[]): T {
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    for (const [key, value] of Object.entries(table)) {
      if (key in out) throw new Error(`Two handlers registered for '${key}'`);
      out[key] = value;
    }
  }
  return out as T;
}

export const notificationHandlers: NotificationHandlers = merge(
  authNotifications,
  orgNotifications,
  accountNotifications,
  catalogueNotifications,
  importNotifications,
  twoFactorNotifications,
  pricelistNotifications,
  quoteNotifications,
  orderNotifications,
  deliverabilityNotifications,
  programmeNotifications,
  priceChangeNotifications,
);
export const emailHandlers: EmailHandlers = merge(
  authEmails,
  orgEmails,
  accountEmails,
  importEmails,
  twoFactorEmails,
  quoteEmails,
  orderEmails,
  deliverabilityEmails,
  programmeEmails,
  priceChangeEmails,
);

import type { NotificationHandlers } from './registry';

/* Customer price lists: a notification record when a list is ready or has failed for good. */

const FORMAT = { csv: 'CSV', xlsx: 'XLSX', pdf: 'PDF' } as const;

export const pricelistNotifications: NotificationHandlers = {
  'pricelist.ready': ({ payload }) => ({
    userId: payload.actor.id,
    companyId: payload.companyId,
    username: payload.actor.username,
    email: payload.actor.email,
    description: `Price list ready for "${payload.companyName}" (${payload.scopeName}, ${FORMAT[payload.format]}): ${payload.rows} rows`,
  }),
  'pricelist.failed': ({ payload }) => ({
    userId: payload.actor.id,
    companyId: payload.companyId,
    username: payload.actor.username,
    email: payload.actor.email,
    description: `Price list for "${payload.companyName}" (${payload.scopeName}, ${FORMAT[payload.format]}) could not be prepared`,
  }),
};

import type { NotificationHandlers } from './registry';

/* Catalogue editing: notification records for saves, product adds/deletes, file changes. */

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summary(p: { added: number; updated: number; deleted: number; priceChanges: number }): string {
  const parts: string[] = [];
  if (p.updated) parts.push(`${plural(p.updated, 'variant')} updated`);
  if (p.added) parts.push(`${p.added} added`);
  if (p.deleted) parts.push(`${p.deleted} removed`);
  if (p.priceChanges) parts.push(`${plural(p.priceChanges, 'list price')} set`);
  return parts.join(', ') || 'no changes';
}

export const catalogueNotifications: NotificationHandlers = {
  'catalogue.variants_saved': ({ payload }) => ({
    userId: payload.actor.id,
    companyId: null,
    username: payload.actor.username,
    email: payload.actor.email,
    description: `Saved catalogue changes to "${payload.productName}": ${summary(payload)}`,
  }),
  'catalogue.product_added': ({ payload }) => ({
    userId: payload.actor.id,
    companyId: null,
    username: payload.actor.username,
    email: payload.actor.email,
    description: `Added product "${payload.productName}" (default part number ${payload.partNumber})`,
  }),
  'catalogue.product_deleted': ({ payload }) => ({
    userId: payload.actor.id,
    companyId: null,
    username: payload.actor.username,
    email: payload.actor.email,
    description: `Removed product "${payload.productName}" and its ${plural(payload.variants, 'variant')}`,
  }),
  'catalogue.files_uploaded': ({ payload }) => ({
    userId: payload.actor.id,
    companyId: null,
    username: payload.actor.username,
    email: payload.actor.email,
    description: `Uploaded ${plural(payload.files.length, 'file')} to "${payload.ownerName}": ${payload.files
      .map((f) => f.name)
      .join(', ')
      .slice(0, 400)}`,
  }),
  'catalogue.file_deleted': ({ payload }) => ({
    userId: payload.actor.id,
    companyId: null,
    username: payload.actor.username,
    email: payload.actor.email,
    description: `Deleted file "${payload.name}" from "${payload.ownerName}"`,
  }),
};

import type { EventMap } from '@portal/contracts';
import { hello, renderEmail } from '../email/layout';
import type { EmailHandlers, NotificationHandlers } from './registry';

/* Catalogue import: the dry run's and the apply's outcome, told to the superadmin who started it. */

type Finished = EventMap['catalogue.import_finished'];

function countsText(p: Finished): string {
  const c = p.counts;
  const parts = [`${c.create} to create`, `${c.update} to update`, `${c.unchanged} unchanged`];
  if (c.delete) parts.push(`${c.delete} to delete`);
  if (c.errors) parts.push(`${c.errors} error${c.errors === 1 ? '' : 's'}`);
  if (p.status === 'applied') {
    return [`${c.create} created`, `${c.update} updated`, `${c.unchanged} unchanged`, `${c.delete} deleted`].join(', ');
  }
  return parts.join(', ');
}

function headline(p: Finished): string {
  switch (p.status) {
    case 'ready':
      return `Catalogue import "${p.fileName}" checked: ready to apply`;
    case 'invalid':
      return `Catalogue import "${p.fileName}" checked: the file has errors`;
    case 'applied':
      return `Catalogue import "${p.fileName}" applied`;
    case 'conflict':
      return `Catalogue import "${p.fileName}" not applied: rows changed since the dry run`;
    case 'failed':
      return `Catalogue import "${p.fileName}" failed`;
  }
}

export const importNotifications: NotificationHandlers = {
  'catalogue.import_finished': ({ payload }) => ({
    userId: payload.actor.id || null,
    companyId: null,
    username: payload.actor.username,
    email: payload.actor.email,
    description: `${headline(payload)} (${countsText(payload)})`.slice(0, 500),
  }),
};

export const importEmails: EmailHandlers = {
  'catalogue.import_finished': ({ payload }, ctx) => {
    if (!payload.actor.email) return [];
    const mail = renderEmail({
      subject: headline(payload),
      heading: headline(payload),
      paragraphs: [
        hello(payload.actor.username),
        `Rows: ${countsText(payload)}.`,
        ...(payload.message ? [payload.message] : []),
        payload.status === 'ready'
          ? 'Nothing has changed yet: open the import to review the changes and apply them.'
          : payload.status === 'applied'
            ? 'The catalogue now shows these changes.'
            : 'Nothing in the catalogue was changed.',
      ],
      action: { label: 'Open the catalogue', url: `${ctx.publicUrl}/catalogue` },
    });
    return [{ to: payload.actor.email, template: `import-${payload.status}`, ...mail }];
  },
};

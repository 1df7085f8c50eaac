import fs from 'node:fs/promises';
import type { EventMap } from '@portal/contracts';
import { PRICELIST_MIME, pricelistFilePath } from '@portal/platform';
import { hello, renderEmail } from '../email/layout';
import type { EmailHandlers, NotificationHandlers } from './registry';

/* Price changes on a date: the notice to each affected company's admins; the outcome to the office. */

type Ref = EventMap['price_change.applied'];

function what(p: Ref): string {
  return p.kind === 'company_multipliers'
    ? `multiplier change for ${p.companyName ?? 'a company'}`
    : 'list-price change';
}

function byActor(p: Ref) {
  return { userId: p.actor.id || null, companyId: p.companyId, username: p.actor.username, email: p.actor.email };
}

/** "on 2032-01-01 05:00 UTC" — the feed has no office time zone; the list shows the day. */
function when(p: Ref): string {
  return `for ${p.effectiveAt.slice(0, 16).replace('T', ' ')} UTC`;
}

export const priceChangeNotifications: NotificationHandlers = {
  'price_change.scheduled': ({ payload }) => ({
    ...byActor(payload),
    description: `Scheduled a ${what(payload)} ${when(payload)}`,
  }),
  'price_change.updated': ({ payload }) => ({
    ...byActor(payload),
    description: `Changed the scheduled ${what(payload)} (now ${when(payload)})`,
  }),
  'price_change.cancelled': ({ payload }) => ({
    ...byActor(payload),
    description: `Cancelled the scheduled ${what(payload)} ${when(payload)}`,
  }),
  'price_change.noticed': ({ payload }) => ({
    ...byActor(payload),
    description: `Notice of the ${what(payload)} on ${payload.dayText} sent to ${payload.recipients.length} company admin${payload.recipients.length === 1 ? '' : 's'}`,
  }),
  'price_change.applied': ({ payload }) => ({
    ...byActor(payload),
    description: `The scheduled ${what(payload)} took effect`,
  }),
  'price_change.failed': ({ payload }) => ({
    ...byActor(payload),
    description: `The scheduled ${what(payload)} was not applied: ${payload.message}`.slice(0, 500),
  }),
};

/**
 * The notice email to one admin, sent once their list at the new prices is built, with that list attached
 * (read from the files store as it is sent). A list that could not be built, or has since expired, leaves
 * the email without it.
 */
export const priceChangeEmails: EmailHandlers = {
  'price_change.notice_list_ready': async ({ payload }, ctx) => {
    const r = payload.recipient;
    const subject = `Prices change on ${payload.dayText}`;
    const file = payload.list && ctx.filesDir ? pricelistFilePath(ctx.filesDir, payload.list.storageName) : null;
    const attached =
      file &&
      (await fs.stat(file).then(
        (s) => s.isFile(),
        () => false,
      ));
    const mail = renderEmail({
      subject,
      heading: subject,
      paragraphs: [
        hello(r.username),
        `From ${payload.dayText}, ${r.companyName} is charged new prices in the catalogue.`,
        'Until then you keep today’s prices; quotes keep their quoted prices until they expire.',
        attached
          ? 'A price list of the whole catalogue at the new prices is attached; the catalogue links to it too.'
          : 'The catalogue shows the date, and your price lists in the portal have the catalogue at the new prices.',
      ],
      action: { label: 'Open the catalogue', url: `${ctx.publicUrl}/catalogue` },
    });
    const attachments =
      attached && payload.list
        ? [{ filename: payload.list.fileName, contentType: PRICELIST_MIME[payload.list.format], path: file }]
        : [];
    return [{ to: r.email, ...mail, attachments, template: 'price_change_notice' }];
  },
};

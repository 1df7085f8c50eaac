import type { EventMap } from '@portal/contracts';
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

export const priceChangeEmails: EmailHandlers = {
  'price_change.noticed': ({ payload }, ctx) =>
    payload.recipients.map((r) => {
      const subject = `Prices change on ${payload.dayText}`;
      const mail = renderEmail({
        subject,
        heading: subject,
        paragraphs: [
          hello(r.username),
          `From ${payload.dayText}, ${r.companyName} is charged new prices in the catalogue.`,
          'Until then you keep today’s prices; quotes keep their quoted prices until they expire.',
          'A price list of the whole catalogue at the new prices is waiting in your price lists in the portal (the button below opens it).',
        ],
        action: {
          label: 'See the new price list',
          url: `${ctx.publicUrl}/catalogue?priceChange=${payload.priceChangeId}`,
        },
      });
      return { to: r.email, ...mail, template: 'price_change_notice' };
    }),
};

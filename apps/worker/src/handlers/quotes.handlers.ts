import type { EventMap, QuoteEventRef } from '@portal/contracts';
import { formatQuoteDate } from '@portal/domain';
import { renderEmail } from '../email/layout';
import type { EmailDraft, EmailHandlers, HandlerContext, NotificationHandlers } from './registry';

/*
 * Quote requests: one notification record per event (the notifications feed) and emails
 * to the recipients resolved when the change was committed (`recipients`): superadmins on submitted,
 * replied and accepted; the requester on quoted and info_requested; the company's admins on quoted
 * and accepted. Texts never carry prices.
 */

function record(p: QuoteEventRef, description: string) {
  return {
    userId: p.requester.id,
    companyId: p.companyId,
    username: p.actor.username,
    email: p.actor.email,
    description: description.slice(0, 500),
  };
}

function headline(type: keyof typeof SUBJECT, p: QuoteEventRef): string {
  return SUBJECT[type](p);
}

const SUBJECT = {
  'quote.submitted': (p: QuoteEventRef) => `Quote request ${p.number} from "${p.companyName}"`,
  'quote.info_requested': (p: QuoteEventRef) => `The office needs more information about ${p.number}`,
  'quote.replied': (p: QuoteEventRef) => `"${p.companyName}" answered about ${p.number}`,
  'quote.quoted': (p: QuoteEventRef) => `Your quote ${p.number} is ready`,
  'quote.accepted': (p: QuoteEventRef) => `Quote ${p.number} accepted by "${p.companyName}"`,
};

function mails(
  type: keyof typeof SUBJECT,
  p: QuoteEventRef,
  ctx: HandlerContext,
  paragraphs: string[],
  office: boolean,
): EmailDraft[] {
  return p.recipients.map((r) => {
    const mail = renderEmail({
      subject: headline(type, p),
      heading: headline(type, p),
      paragraphs: [`Hello ${r.username},`, ...paragraphs],
      action: {
        label: office ? 'Open the quote desk' : 'Open your quotes',
        url: `${ctx.publicUrl}/${r.role}/quotes/${p.quoteId}`,
      },
    });
    return { to: r.email, template: type.replace('.', '-'), ...mail };
  });
}

export const quoteNotifications: NotificationHandlers = {
  'quote.submitted': ({ payload: p }) =>
    record(p, `${p.requester.username} of "${p.companyName}" requested quote ${p.number}`),
  'quote.info_requested': ({ payload: p }) =>
    record(p, `The office asked ${p.requester.username} of "${p.companyName}" for more information about ${p.number}`),
  'quote.replied': ({ payload: p }) =>
    record(p, `${p.actor.username} of "${p.companyName}" answered about ${p.number}`),
  'quote.quoted': ({ payload: p }) =>
    record(p, `Quote ${p.number} sent to "${p.companyName}", valid until ${formatQuoteDate(p.validUntil, true)}`),
  'quote.accepted': ({ payload: p }) =>
    record(p, `${p.actor.username} of "${p.companyName}" accepted quote ${p.number}`),
};

type Ev<K extends keyof EventMap> = { payload: EventMap[K] };

export const quoteEmails: EmailHandlers = {
  'quote.submitted': ({ payload: p }: Ev<'quote.submitted'>, ctx) =>
    mails(
      'quote.submitted',
      p,
      ctx,
      [`${p.requester.username} of "${p.companyName}" sent quote request ${p.number}.`],
      true,
    ),
  'quote.info_requested': ({ payload: p }: Ev<'quote.info_requested'>, ctx) =>
    mails(
      'quote.info_requested',
      p,
      ctx,
      [`The office asks about ${p.number}:`, p.message, 'Please answer in the portal.'],
      false,
    ),
  'quote.replied': ({ payload: p }: Ev<'quote.replied'>, ctx) =>
    mails(
      'quote.replied',
      p,
      ctx,
      [`${p.actor.username} of "${p.companyName}" answered about ${p.number}:`, p.message],
      true,
    ),
  'quote.quoted': ({ payload: p }: Ev<'quote.quoted'>, ctx) =>
    mails(
      'quote.quoted',
      p,
      ctx,
      [
        `The office has priced quote ${p.number} for "${p.companyName}".`,
        `It is valid until the end of ${formatQuoteDate(p.validUntil, true)}. Open it in the portal to accept or decline.`,
      ],
      false,
    ),
  'quote.accepted': ({ payload: p }: Ev<'quote.accepted'>, ctx) =>
    mails('quote.accepted', p, ctx, [`${p.actor.username} of "${p.companyName}" accepted quote ${p.number}.`], true),
};

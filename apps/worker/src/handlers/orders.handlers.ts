import type { EventMap, OrderEventRef } from '@portal/contracts';
import { formatQuoteDate } from '@portal/domain';
import { renderEmail } from '../email/layout';
import type { EmailDraft, EmailHandlers, HandlerContext, NotificationHandlers } from './registry';

/*
 * Order requests: one notification record per event (the notifications feed) and emails to the
 * recipients resolved when the change was committed (`recipients`): superadmins on submitted, the
 * company's admins on approval_requested, the requester on approved and rejected, the requester and
 * the company's admins on acknowledged, confirmed, shipped and cancelled. Texts never carry prices.
 */

type OrderEventType = Extract<keyof EventMap, `order.${string}`>;
type Ev<K extends OrderEventType> = { payload: EventMap[K] };

const po = (p: OrderEventRef) => (p.poNumber ? ` (PO ${p.poNumber})` : '');

const SUBJECT: Record<OrderEventType, (p: OrderEventRef) => string> = {
  'order.submitted': (p) => `Order request ${p.number} from "${p.companyName}"`,
  'order.approval_requested': (p) => `Order request ${p.number} is waiting for your approval`,
  'order.approved': (p) => `Your order request ${p.number} was approved`,
  'order.rejected': (p) => `Your order request ${p.number} was not approved`,
  'order.acknowledged': (p) => `Order request ${p.number} was received by the office`,
  'order.confirmed': (p) => `Order request ${p.number} is confirmed`,
  'order.shipped': (p) => `Order request ${p.number} has shipped`,
  'order.cancelled': (p) => `Order request ${p.number} was cancelled`,
};

function record(p: OrderEventRef, description: string) {
  return {
    userId: p.requester.id,
    companyId: p.companyId,
    username: p.actor.username,
    email: p.actor.email,
    description: description.slice(0, 500),
  };
}

function mails(type: OrderEventType, p: OrderEventRef, ctx: HandlerContext, paragraphs: string[]): EmailDraft[] {
  return p.recipients.map((r) => {
    const office = r.role === 'superadmin';
    const mail = renderEmail({
      subject: SUBJECT[type](p),
      heading: SUBJECT[type](p),
      paragraphs: [`Hello ${r.username},`, ...paragraphs],
      action: {
        label: office ? 'Open the orders desk' : 'Open your orders',
        url: `${ctx.publicUrl}/${r.role}/orders/${p.orderId}`,
      },
    });
    return { to: r.email, template: type.replace('.', '-'), ...mail };
  });
}

const lines = (p: OrderEventRef) => `${p.lineCount} line${p.lineCount === 1 ? '' : 's'}`;

export const orderNotifications: NotificationHandlers = {
  'order.submitted': ({ payload: p }) =>
    record(p, `${p.requester.username} of "${p.companyName}" sent order request ${p.number}${po(p)}`),
  'order.approval_requested': ({ payload: p }) =>
    record(p, `Order request ${p.number} by ${p.requester.username} of "${p.companyName}" waits for approval`),
  'order.approved': ({ payload: p }) => record(p, `${p.actor.username} approved order request ${p.number}`),
  'order.rejected': ({ payload: p }) => record(p, `${p.actor.username} rejected order request ${p.number}`),
  'order.acknowledged': ({ payload: p }) => record(p, `The office acknowledged order request ${p.number}`),
  'order.confirmed': ({ payload: p }) => record(p, `The office confirmed order request ${p.number}`),
  'order.shipped': ({ payload: p }) => record(p, `Order request ${p.number} shipped`),
  'order.cancelled': ({ payload: p }) => record(p, `${p.actor.username} cancelled order request ${p.number}`),
};

export const orderEmails: EmailHandlers = {
  'order.submitted': ({ payload: p }: Ev<'order.submitted'>, ctx) =>
    mails('order.submitted', p, ctx, [
      `${p.requester.username} of "${p.companyName}" sent order request ${p.number}${po(p)} with ${lines(p)}.`,
    ]),
  'order.approval_requested': ({ payload: p }: Ev<'order.approval_requested'>, ctx) =>
    mails('order.approval_requested', p, ctx, [
      `${p.requester.username} sent order request ${p.number}${po(p)} with ${lines(p)}. It is over your company's approval threshold.`,
      'Open it in the portal to approve or reject it.',
    ]),
  'order.approved': ({ payload: p }: Ev<'order.approved'>, ctx) =>
    mails('order.approved', p, ctx, [`${p.actor.username} approved order request ${p.number}: it went to the office.`]),
  'order.rejected': ({ payload: p }: Ev<'order.rejected'>, ctx) =>
    mails('order.rejected', p, ctx, [`${p.actor.username} rejected order request ${p.number}:`, p.reason]),
  'order.acknowledged': ({ payload: p }: Ev<'order.acknowledged'>, ctx) =>
    mails('order.acknowledged', p, ctx, [
      `The office received order request ${p.number}${po(p)} and is working on it.`,
    ]),
  'order.confirmed': ({ payload: p }: Ev<'order.confirmed'>, ctx) =>
    mails('order.confirmed', p, ctx, [
      `The office confirmed order request ${p.number}${po(p)}.`,
      ...(p.officeRef ? [`Office reference: ${p.officeRef}.`] : []),
      ...(p.shipsOn ? [`It ships on ${formatQuoteDate(p.shipsOn, true)}.`] : []),
    ]),
  'order.shipped': ({ payload: p }: Ev<'order.shipped'>, ctx) =>
    mails('order.shipped', p, ctx, [
      `Order request ${p.number}${po(p)} has shipped.`,
      ...(p.tracking ? [`Tracking: ${p.tracking}`] : []),
    ]),
  'order.cancelled': ({ payload: p }: Ev<'order.cancelled'>, ctx) =>
    mails('order.cancelled', p, ctx, [
      `${p.actor.username} cancelled order request ${p.number}${po(p)}.`,
      ...(p.reason ? [`Reason: ${p.reason}`] : []),
    ]),
};

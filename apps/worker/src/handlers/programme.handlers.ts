import type { EventMap, ProgrammeReminderEvent } from '@portal/contracts';
import { renderEmail } from '../email/layout';
import type { EmailHandlers, NotificationHandlers } from './registry';

/*
 * Filter-programme reminders: one notification record per digest and one email per recipient (the
 * site's contacts, or the company's admins when it has none). Texts never carry prices.
 */

/** '1 Mar' for '2027-03-01'. */
function dayMonth(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return `${d.getUTCDate()} ${d.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
}

/** "Building A: 14 filters due 1 Mar; 2 odd sizes need a quote" */
export function reminderSentence(
  p: Pick<ProgrammeReminderEvent, 'kind' | 'siteName' | 'filters' | 'firstDue' | 'oddSizes'>,
): string {
  const filters = `${p.filters} filter${p.filters === 1 ? '' : 's'}`;
  const when = p.kind === 'overdue' ? `overdue since ${dayMonth(p.firstDue)}` : `due ${dayMonth(p.firstDue)}`;
  const odd = p.oddSizes ? `; ${p.oddSizes} odd size${p.oddSizes === 1 ? ' needs' : 's need'} a quote` : '';
  return `${p.siteName}: ${filters} ${when}${odd}`;
}

type Ev = { payload: EventMap['programme.reminder'] };

export const programmeNotifications: NotificationHandlers = {
  'programme.reminder': ({ payload: p }: Ev) => ({
    userId: p.recipients[0]?.userId ?? null,
    companyId: p.companyId,
    username: p.recipients[0]?.username ?? p.siteName,
    email: p.recipients[0]?.email ?? '',
    description: reminderSentence(p).slice(0, 500),
  }),
};

export const programmeEmails: EmailHandlers = {
  'programme.reminder': ({ payload: p }: Ev, ctx) =>
    p.recipients.map((r) => {
      const subject = reminderSentence(p);
      const mail = renderEmail({
        subject,
        heading: subject,
        paragraphs: [
          `Hello ${r.username},`,
          p.kind === 'overdue'
            ? `Filters at ${p.siteName} are more than a week past their change date. Record the change when it is done, or request the filters now.`
            : `These filters at ${p.siteName} are due in ${p.month}. Request the month in one click, and record each change when it is done.`,
        ],
        action: {
          label: 'Request the month',
          url: `${ctx.publicUrl}/${r.role}/programme/due?month=${p.month}&site=${p.siteId}`,
        },
      });
      return { to: r.email, template: `programme-${p.kind}`, ...mail };
    }),
};

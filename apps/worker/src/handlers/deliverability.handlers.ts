import { bounceSentence } from '@portal/db';
import { PRODUCT_NAME, renderEmail } from '../email/layout';
import type { EmailHandlers, NotificationHandlers } from './registry';

/* Email deliverability: who is told when an address bounced. */

export const deliverabilityNotifications: NotificationHandlers = {
  'email.bounced': ({ payload: p }) => ({
    userId: p.user?.userId ?? null,
    companyId: p.user?.companyId ?? null,
    username: p.user?.username ?? p.recipient,
    email: p.recipient,
    description: bounceSentence(p),
  }),
};

export const deliverabilityEmails: EmailHandlers = {
  /** The company's admins learn of it, with the way to fix the address (the person's page). */
  'email.bounced': ({ payload: p }, ctx) => {
    const user = p.user;
    if (!user?.companyId) return [];
    const fixUrl =
      user.role === 'employee' ? `${ctx.publicUrl}/admin/employee/${user.userId}` : `${ctx.publicUrl}/admin/mycompany`;
    return p.admins.map((admin) => ({
      to: admin.email,
      template: 'email-bounced-admin',
      ...renderEmail({
        subject: `An email to ${p.recipient} bounced`,
        heading: `${bounceSentence(p)}`,
        paragraphs: [
          `Hello ${admin.username},`,
          `${bounceSentence(p)}. ${user.username} will not receive emails from ${PRODUCT_NAME} until the address is fixed.`,
          'Correct the address on their page (a new address starts clean), or choose "Try again" there if the mailbox works again.',
        ],
        action: { label: 'Fix the address', url: fixUrl },
      }),
    }));
  },
};

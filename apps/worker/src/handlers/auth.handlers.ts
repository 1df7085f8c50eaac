import { renderEmail } from '../email/layout';
import type { EmailHandlers, NotificationHandlers } from './registry';

export const authNotifications: NotificationHandlers = {
  'auth.login_throttled': ({ payload }) => ({
    userId: payload.userId,
    companyId: null,
    username: payload.username ?? 'Unknown user',
    email: payload.email,
    description: `Sign-in blocked for 15 minutes after ${payload.failures} failed attempts from ${payload.ip}`,
  }),
  'auth.disabled_login': ({ payload }) => ({
    userId: payload.userId,
    companyId: null,
    username: payload.username,
    email: payload.email,
    description: 'A disabled account tried to sign in',
  }),
};

export const authEmails: EmailHandlers = {
  'auth.login_throttled': ({ payload }, ctx) => {
    if (!payload.userId) return [];
    const mail = renderEmail({
      subject: 'Unusual sign-in activity on your account',
      heading: 'We paused sign-ins to your account',
      paragraphs: [
        `Hello ${payload.username ?? ''},`.replace(' ,', ','),
        `There were ${payload.failures} failed sign-in attempts for your account from the address ${payload.ip}. Sign-ins from that address are paused for 15 minutes.`,
        'If this was you, wait a few minutes and try again, or reset your password. If it was not you, reset your password now.',
      ],
      action: { label: 'Reset your password', url: `${ctx.publicUrl}/forgot-password` },
    });
    return [{ to: payload.email, template: 'login-throttled', ...mail }];
  },
};

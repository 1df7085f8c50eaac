import { CONFIRM_EMAIL_PAGE, RESET_PASSWORD_PAGE } from '@portal/contracts';
import { hello, renderEmail } from '../email/layout';
import { aboutUser, type EmailHandlers, type NotificationHandlers } from './registry';

const SIGN_IN_PAGE = '/';

export const accountNotifications: NotificationHandlers = {
  'account.password_reset_requested': ({ payload }) => aboutUser(payload, 'Requested a password reset link'),
  'account.password_reset_completed': ({ payload }) =>
    aboutUser(payload, 'Reset their password with an emailed link; all sessions were signed out'),
  'account.password_changed': ({ payload }) =>
    aboutUser(payload, 'Changed their password; other sessions were signed out'),
  'account.profile_updated': ({ payload }) =>
    aboutUser(
      payload,
      payload.changed.includes('email') && payload.previousEmail
        ? `Updated their profile (${payload.changed.join(', ')}); email changed from ${payload.previousEmail}`
        : `Updated their profile (${payload.changed.join(', ')})`,
    ),
  'account.email_change_requested': ({ payload }) =>
    aboutUser(
      payload,
      payload.addressInUse
        ? `Asked to change their email to ${payload.newEmail}, which already belongs to another account; nothing changed`
        : `Asked to change their email to ${payload.newEmail}; waiting for the confirmation link to be used`,
    ),
  'account.profile_image_changed': ({ payload }) => aboutUser(payload, 'Changed their profile image'),
  'account.company_image_changed': ({ payload }) => ({
    userId: payload.userId,
    companyId: payload.targetCompanyId,
    username: payload.username,
    email: payload.email,
    description: `Changed the company image of ${payload.companyName}`,
  }),
};

export const accountEmails: EmailHandlers = {
  'account.password_reset_requested': ({ payload }, ctx) => {
    // The API erases the token once it is used or voided: a superseded link is never mailed late.
    if (!payload.token) return [];
    if (Date.parse(payload.expiresAt) <= Date.now()) return [];
    // Built from PUBLIC_URL only, never from a request's Host header.
    const url = `${ctx.publicUrl}${RESET_PASSWORD_PAGE}?code=${encodeURIComponent(payload.token)}`;
    const mail = renderEmail({
      subject: 'Reset your Filter Portal password',
      heading: 'Reset your password',
      paragraphs: [
        hello(payload.username),
        'We received a request to reset the password of your Filter Portal account. Use the button below to choose a new password.',
        'The link works once and expires in 1 hour. Requesting another link makes this one invalid.',
      ],
      action: { label: 'Reset password', url },
      footnote: 'If you did not ask for this, you can ignore this email: your password stays the same.',
    });
    return [{ to: payload.email, template: 'password-reset', ...mail }];
  },
  'account.password_reset_completed': ({ payload }, ctx) => {
    const mail = renderEmail({
      subject: 'Your Filter Portal password was reset',
      heading: 'Your password was reset',
      paragraphs: [
        hello(payload.username),
        'The password of your Filter Portal account was just reset using an emailed link. For your security, every device that was signed in has been signed out.',
        'If you did not do this, request a new reset link right away and contact support.',
      ],
      action: { label: 'Sign in', url: `${ctx.publicUrl}${SIGN_IN_PAGE}` },
    });
    return [{ to: payload.email, template: 'password-reset-completed', ...mail }];
  },
  'account.password_changed': ({ payload }, ctx) => {
    const mail = renderEmail({
      subject: 'Your Filter Portal password was changed',
      heading: 'Your password was changed',
      paragraphs: [
        hello(payload.username),
        'The password of your Filter Portal account was just changed. Other devices that were signed in have been signed out.',
        'If you did not do this, reset your password right away and contact support.',
      ],
      action: { label: 'Reset your password', url: `${ctx.publicUrl}/forgot-password` },
    });
    return [{ to: payload.email, template: 'password-changed', ...mail }];
  },
  'account.email_change_requested': ({ payload }, ctx) => {
    if (payload.addressInUse) {
      const mail = renderEmail({
        subject: 'This address already has a Filter Portal account',
        heading: 'Email change not possible',
        paragraphs: [
          'Someone signed in to Filter Portal asked to move their account to this email address. This address already belongs to a Filter Portal account, so nothing was changed.',
          'If you are that person, sign in with this address instead, or ask your administrator for help.',
        ],
        footnote: 'If you did not expect this email, you can ignore it.',
      });
      return [{ to: payload.newEmail, template: 'email-change-in-use', ...mail }];
    }
    // The API erases the token once it is used or superseded: a stale link is never mailed late.
    if (!payload.token || Date.parse(payload.expiresAt) <= Date.now()) return [];
    const url = `${ctx.publicUrl}${CONFIRM_EMAIL_PAGE}?code=${encodeURIComponent(payload.token)}`;
    const mail = renderEmail({
      subject: 'Confirm your new Filter Portal email address',
      heading: 'Confirm your new email address',
      paragraphs: [
        hello(payload.username),
        `You asked to change the email address of your Filter Portal account from ${payload.email} to this address. Use the button below to confirm; until then, keep signing in with your current address.`,
        'The link works once and expires in 1 hour.',
      ],
      action: { label: 'Confirm new email', url },
      footnote: 'If you did not ask for this, ignore this email: nothing changes.',
    });
    return [{ to: payload.newEmail, template: 'email-change-confirm', ...mail }];
  },
  'account.profile_updated': ({ payload }, ctx) => {
    // Only an email change is worth a message, and it goes to the OLD address (takeover warning).
    if (!payload.changed.includes('email') || !payload.previousEmail) return [];
    const mail = renderEmail({
      subject: 'The email address of your Filter Portal account was changed',
      heading: 'Your sign-in email was changed',
      paragraphs: [
        hello(payload.username),
        `The email address of your Filter Portal account was changed from ${payload.previousEmail} to ${payload.email}. From now on, sign in with the new address.`,
        'If you did not make this change, contact support right away.',
      ],
      action: { label: 'Open Filter Portal', url: `${ctx.publicUrl}${SIGN_IN_PAGE}` },
    });
    return [{ to: payload.previousEmail, template: 'email-changed', ...mail }];
  },
};

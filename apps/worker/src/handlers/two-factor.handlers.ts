import { hello, renderEmail } from '../email/layout';
import { actorLabel } from './org.handlers';
import { aboutUser, type EmailHandlers, type NotificationHandlers } from './registry';

/* Two-factor sign-in: security notices. Nothing here ever sees a secret or a code. */

export const twoFactorNotifications: NotificationHandlers = {
  'two_factor.enabled': ({ payload }) =>
    aboutUser(payload, 'Turned on two-factor authentication; other sessions were signed out'),
  'two_factor.disabled': ({ payload }) => aboutUser(payload, 'Turned off two-factor authentication'),
  'two_factor.reset': ({ payload }) =>
    aboutUser(
      payload,
      `${actorLabel(payload.actor)} reset their two-factor authentication; all sessions were signed out`,
    ),
};

export const twoFactorEmails: EmailHandlers = {
  'two_factor.enabled': ({ payload }, ctx) => {
    const mail = renderEmail({
      subject: 'Two-factor authentication is on',
      heading: 'Two-factor authentication is on',
      paragraphs: [
        hello(payload.username),
        `Two-factor authentication was turned on for your Filter Portal account (from the address ${payload.ip}). From now on, signing in asks for a code from your authenticator app. Your other sessions were signed out.`,
        'Keep your recovery codes somewhere safe: each one signs you in once if you lose your phone.',
      ],
      action: { label: 'Open Filter Portal', url: `${ctx.publicUrl}/` },
      footnote: 'If this was not you, reset your password now and contact your administrator.',
    });
    return [{ to: payload.email, template: 'two-factor-enabled', ...mail }];
  },
  'two_factor.disabled': ({ payload }, ctx) => {
    const mail = renderEmail({
      subject: 'Two-factor authentication was turned off',
      heading: 'Two-factor authentication is off',
      paragraphs: [
        hello(payload.username),
        `Two-factor authentication was turned off for your Filter Portal account (from the address ${payload.ip}). Signing in now needs only your password.`,
      ],
      action: { label: 'Open Filter Portal', url: `${ctx.publicUrl}/` },
      footnote: 'If this was not you, reset your password now and contact your administrator.',
    });
    return [{ to: payload.email, template: 'two-factor-disabled', ...mail }];
  },
  'two_factor.reset': ({ payload }, ctx) => {
    const mail = renderEmail({
      subject: 'Your two-factor authentication was reset',
      heading: 'Your two-factor authentication was reset',
      paragraphs: [
        hello(payload.username),
        'An administrator of Filter Portal removed the second factor from your account and signed you out everywhere. Your old authenticator entry and recovery codes no longer work.',
        'Sign in with your password; if your organisation requires two-factor authentication you will be asked to set it up again.',
      ],
      action: { label: 'Sign in', url: `${ctx.publicUrl}/` },
      footnote: 'If you did not ask for this, contact your administrator.',
    });
    return [{ to: payload.email, template: 'two-factor-reset', ...mail }];
  },
};

import {
  INVITATION_PAGE,
  ROLE_PROSE as ROLE_LABEL,
  type EventMap,
  type OrgActor,
  type OrgChange,
  type OrgUserRef,
  type SetPasswordLink,
} from '@portal/contracts';
import { DEFAULT_SUPPLIER_TZ } from '@portal/domain';
import { PRODUCT_NAME, renderEmail } from '../email/layout';
import {
  aboutUser,
  type EmailDraft,
  type EmailHandlers,
  type HandlerContext,
  type NotificationHandlers,
} from './registry';

/* Companies and users: notification records and emails. Emails never carry passwords. */

/** "Super Admin" or "admin Alice" — how a notification names who acted. */
export function actorLabel(actor: OrgActor): string {
  return actor.role === 'superadmin' ? 'Super Admin' : `${ROLE_LABEL[actor.role].toLowerCase()} ${actor.username}`;
}

function userPhrase(u: Pick<OrgUserRef, 'role' | 'username' | 'companyName'>): string {
  const where = u.companyName ? ` of "${u.companyName}"` : '';
  return `${ROLE_LABEL[u.role]} "${u.username}"${where}`;
}

function changeList(changes: OrgChange[]): string {
  return changes.map((c) => c.label).join(', ');
}

/**
 * Where a user goes to choose their own password: the single-use link minted with the event
 * (valid 72 hours). Without a live token (already used, superseded, expired) the email points to the
 * forgot-password screen instead, so a late retry never mails a dead link.
 */
export function setPasswordLink(ctx: HandlerContext, link: SetPasswordLink): { url: string; explain: string } {
  if (link.token && link.tokenExpiresAt && Date.parse(link.tokenExpiresAt) > Date.now()) {
    return {
      url: `${ctx.publicUrl}/reset-password?code=${encodeURIComponent(link.token)}`,
      explain:
        'For your security we never send passwords by email. Choose your own password with the link below; it works once and expires in 72 hours.',
    };
  }
  return {
    url: `${ctx.publicUrl}/forgot-password`,
    explain:
      'For your security we never send passwords by email. Choose your own password: open the link below, enter this email address and follow the reset link we send you.',
  };
}

function signInLine(ctx: HandlerContext, email: string): string {
  return `Sign in at ${ctx.publicUrl}/ with your email address ${email}.`;
}

async function accountEmail(
  ctx: HandlerContext,
  user: OrgUserRef,
  kind: 'welcome' | 'resend',
  actor: OrgActor,
  token: SetPasswordLink,
): Promise<EmailDraft> {
  const link = setPasswordLink(ctx, token);
  const roleLine = user.companyName
    ? `Your role: ${ROLE_LABEL[user.role]} at ${user.companyName}.`
    : `Your role: ${ROLE_LABEL[user.role]}.`;
  const mail =
    kind === 'welcome'
      ? renderEmail({
          subject: `Welcome to ${PRODUCT_NAME}`,
          heading: `Your ${PRODUCT_NAME} account is ready`,
          paragraphs: [
            `Hello ${user.username},`,
            `${actor.role === 'superadmin' ? 'An administrator' : actor.username} created an account for you on ${PRODUCT_NAME}. ${roleLine}`,
            signInLine(ctx, user.email),
            link.explain,
          ],
          action: { label: 'Set your password', url: link.url },
          footnote: `Sign-in page: ${ctx.publicUrl}/`,
        })
      : renderEmail({
          subject: `Your ${PRODUCT_NAME} account information`,
          heading: 'Your account information',
          paragraphs: [
            `Hello ${user.username},`,
            `Here is how to reach your ${PRODUCT_NAME} account. ${roleLine}`,
            signInLine(ctx, user.email),
            link.explain,
            'If you did not expect this email, you can ignore it: your current password keeps working.',
          ],
          action: { label: 'Set your password', url: link.url },
          footnote: `Sign-in page: ${ctx.publicUrl}/`,
        });
  return { to: user.email, template: kind === 'welcome' ? 'org-welcome' : 'org-resend', ...mail };
}

export const orgNotifications: NotificationHandlers = {
  'company.created': ({ payload: p }) => ({
    userId: p.admin.userId,
    companyId: p.companyId,
    username: p.admin.username,
    email: p.admin.email,
    description: `Company "${p.name}" created by ${actorLabel(p.actor)} with administrator "${p.admin.username}"`,
  }),
  'company.updated': ({ payload: p }) => ({
    userId: p.actor.id,
    companyId: p.companyId,
    username: p.actor.username,
    email: p.actor.email,
    description: `Company "${p.name}" updated by ${actorLabel(p.actor)}: ${p.changes
      .map((c) => `${c.label} ${c.from} → ${c.to}`)
      .join('; ')}`,
  }),
  'company.deleted': ({ payload: p }) => ({
    userId: p.actor.id,
    companyId: null,
    username: p.actor.username,
    email: p.actor.email,
    description: `Company "${p.name}" deleted by ${actorLabel(p.actor)}, with ${p.deletedUsers} user${p.deletedUsers === 1 ? '' : 's'}`,
  }),
  'user.created': ({ payload: p }) => aboutUser(p, `${userPhrase(p)} created by ${actorLabel(p.actor)}`),
  'user.updated': ({ payload: p }) =>
    aboutUser(p, `${userPhrase(p)} updated by ${actorLabel(p.actor)}: ${changeList(p.changes)}`),
  'user.status_changed': ({ payload: p }) =>
    aboutUser(p, `${userPhrase(p)} ${p.active ? 'activated' : 'deactivated'} by ${actorLabel(p.actor)}`),
  'user.deleted': ({ payload: p }) => ({
    userId: null,
    companyId: p.companyId,
    username: p.username,
    email: p.email,
    description: `${userPhrase(p)} deleted by ${actorLabel(p.actor)}`,
  }),
  'user.resend_requested': ({ payload: p }) =>
    aboutUser(p, `Account information resent to ${userPhrase(p)} by ${actorLabel(p.actor)}`),
  // invitations
  'user.invited': ({ payload: p }) =>
    aboutUser(p, `${userPhrase(p)} ${p.resend ? 'invited again' : 'invited'} by ${actorLabel(p.actor)}`),
  'user.invitation_revoked': ({ payload: p }) =>
    aboutUser(p, `Invitation of ${userPhrase(p)} revoked by ${actorLabel(p.actor)}`),
  'user.invitation_accepted': ({ payload: p }) => aboutUser(p, `${userPhrase(p)} accepted the invitation`),
  'user.invitation_new_link_requested': ({ payload: p }) =>
    aboutUser(
      p,
      `${userPhrase(p)} asks for a new invitation (the last one ${p.invitationStatus === 'expired' ? 'expired' : 'was revoked'})`,
    ),
};

/**
 * The invitation email: "Welcome to Filter Portal — choose your password" with the
 * single-use link (7 days). A link no longer live when the job runs (resent, revoked, accepted:
 * its token was erased from the outbox) sends nothing.
 */
function invitationEmail(ctx: HandlerContext, p: EventMap['user.invited']): EmailDraft[] {
  if (!p.token || Date.parse(p.expiresAt) <= Date.now()) return [];
  const url = `${ctx.publicUrl}${INVITATION_PAGE}?code=${encodeURIComponent(p.token)}`;
  const where = p.companyName ? ` at ${p.companyName}` : '';
  const who = p.actor.role === 'superadmin' ? 'An administrator' : p.actor.username;
  // In the office's time zone, named (not GMT): "Friday, 5 December 2026 at 14:30 EST".
  const expires = new Date(p.expiresAt).toLocaleString('en-GB', {
    timeZone: ctx.timeZone ?? DEFAULT_SUPPLIER_TZ,
    dateStyle: 'full',
    timeStyle: 'short',
  });
  const zone = new Intl.DateTimeFormat('en-US', {
    timeZone: ctx.timeZone ?? DEFAULT_SUPPLIER_TZ,
    timeZoneName: 'short',
  })
    .formatToParts(new Date(p.expiresAt))
    .find((x) => x.type === 'timeZoneName')?.value;
  const mail = renderEmail({
    subject: `You are invited to ${PRODUCT_NAME}`,
    heading: `Welcome to ${PRODUCT_NAME} — choose your password`,
    paragraphs: [
      `Hello ${p.username},`,
      `${who} invited you to ${PRODUCT_NAME} as ${ROLE_LABEL[p.role]}${where}.`,
      `Open the link below to choose your password; you are signed in right away. The link works once and expires on ${expires}${zone ? ` ${zone}` : ''}.`,
      p.resend ? 'This link replaces any earlier invitation email, which no longer works.' : '',
    ].filter(Boolean),
    action: { label: 'Choose your password', url },
    footnote: `Sign-in page: ${ctx.publicUrl}/ (your email: ${p.email})`,
  });
  return [{ to: p.email, template: 'org-invitation', ...mail }];
}

export const orgEmails: EmailHandlers = {
  'company.created': async ({ payload: p }, ctx) =>
    p.invited ? [] : [await accountEmail(ctx, p.admin, 'welcome', p.actor, p)],
  'user.created': async ({ payload: p }, ctx) => (p.invited ? [] : [await accountEmail(ctx, p, 'welcome', p.actor, p)]),
  'user.invited': ({ payload: p }, ctx) => invitationEmail(ctx, p),
  'user.resend_requested': async ({ payload: p }, ctx) => [await accountEmail(ctx, p, 'resend', p.actor, p)],
  'user.updated': ({ payload: p }, ctx) => {
    const lines = p.changes.map((c) => `${c.label}: ${c.from} → ${c.to}`);
    const mail = renderEmail({
      subject: `Your ${PRODUCT_NAME} account was updated`,
      heading: 'Your account details changed',
      paragraphs: [
        `Hello ${p.username},`,
        `${p.actor.role === 'superadmin' ? 'An administrator' : p.actor.username} updated your ${PRODUCT_NAME} account. What changed:`,
        ...lines,
        p.previousEmail ? `From now on, sign in with ${p.email}.` : `Sign in as usual with ${p.email}.`,
        'If you did not expect this change, please contact your administrator.',
      ],
      action: { label: 'Sign in', url: `${ctx.publicUrl}/` },
    });
    const drafts: EmailDraft[] = [{ to: p.email, template: 'org-user-updated', ...mail }];
    // The old address learns that the account moved away from it (account-takeover signal).
    if (p.previousEmail && p.previousEmail !== p.email)
      drafts.push({ to: p.previousEmail, template: 'org-user-updated', ...mail });
    return drafts;
  },
  'user.status_changed': ({ payload: p }, ctx) => {
    const mail = p.active
      ? renderEmail({
          subject: `Your ${PRODUCT_NAME} account was activated`,
          heading: 'Your account is active again',
          paragraphs: [
            `Hello ${p.username},`,
            `Your ${PRODUCT_NAME} account has been activated. ${signInLine(ctx, p.email)}`,
          ],
          action: { label: 'Sign in', url: `${ctx.publicUrl}/` },
        })
      : renderEmail({
          subject: `Your ${PRODUCT_NAME} account was deactivated`,
          heading: 'Your account has been deactivated',
          paragraphs: [
            `Hello ${p.username},`,
            `Your ${PRODUCT_NAME} account has been deactivated and you have been signed out. Please contact your administrator if you think this is a mistake.`,
          ],
        });
    return [{ to: p.email, template: p.active ? 'org-user-activated' : 'org-user-deactivated', ...mail }];
  },
};

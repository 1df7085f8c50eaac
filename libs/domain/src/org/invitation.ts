/**
 * Invitations: one state table read by the API and the web.
 *
 * pending → accepted (the person chose a password) | expired (7 days passed) | revoked (an admin
 * withdrew it) | superseded (a resend replaced the link). Every state but pending is final; a resend
 * of an expired or revoked invitation starts a new pending one.
 */
export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked', 'superseded'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const INVITATION_TRANSITIONS: Record<InvitationState, readonly InvitationState[]> = {
  pending: ['accepted', 'expired', 'revoked', 'superseded'],
  accepted: [],
  expired: [],
  revoked: [],
  superseded: [],
};

export function canTransition(from: InvitationState, to: InvitationState): boolean {
  return INVITATION_TRANSITIONS[from].includes(to);
}

/** An invitation link lives 7 days. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

/** Who may resend / revoke: a pending invitation can be revoked; any but an accepted one resent. */
export const INVITATION_ACTIONS: Record<InvitationState, { resend: boolean; revoke: boolean }> = {
  pending: { resend: true, revoke: true },
  accepted: { resend: false, revoke: false },
  expired: { resend: true, revoke: false },
  revoked: { resend: true, revoke: false },
  superseded: { resend: true, revoke: false },
};

/** The badge a user list shows for a user's invitation (null: show the account status as usual). */
export function invitationBadge(state: InvitationState | null | undefined): string | null {
  if (state === 'pending') return 'Invited';
  if (state === 'expired') return 'Invitation expired';
  if (state === 'revoked') return 'Invitation revoked';
  return null;
}

export const INVITATION_MSG = {
  // ours (the spec has no invitations)
  inviteOrPassword: 'Send either a password or invite: true, not both',
  inviteInvalid: 'invite must be true or false',
  none: 'This user has no invitation',
  alreadyAccepted: 'This user already accepted the invitation',
  notPending: 'Only a pending invitation can be revoked',
  resent: 'Invitation sent again. The previous link no longer works.',
  revoked: 'Invitation revoked',
  invited: 'Invitation sent',
  linkInvalid: 'This invitation link is not valid.',
  accepted: 'Welcome! Your password is set and you are signed in.',
  newLinkRequested: 'We told your administrator. You will get a new email when they resend the invitation.',
  pageTitle: 'Welcome to Filter Portal — choose your password',
  state: {
    accepted: 'This invitation has already been used. Sign in with your email and password.',
    expired: 'This invitation has expired.',
    revoked: 'This invitation was withdrawn by your administrator.',
    superseded: 'This invitation link was replaced by a newer one. Please use the link in the most recent email.',
  } satisfies Record<Exclude<InvitationState, 'pending'>, string>,
} as const;

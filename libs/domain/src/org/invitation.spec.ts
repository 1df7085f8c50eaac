import {
  INVITATION_ACTIONS,
  INVITATION_MSG,
  INVITATION_STATES,
  addAdministratorSchema,
  addCompanyUserSchema,
  canTransition,
  createCompanySchema,
  invitationBadge,
  newUserOfAdmin,
  newUserOfSuperadmin,
} from '../index';

const COMPANY = '11111111-1111-4111-8111-111111111111';

describe('invitation state table', () => {
  it('only a pending invitation moves, and every other state is final', () => {
    for (const to of ['accepted', 'expired', 'revoked', 'superseded'] as const)
      expect(canTransition('pending', to)).toBe(true);
    for (const from of INVITATION_STATES.filter((s) => s !== 'pending'))
      for (const to of INVITATION_STATES) expect(canTransition(from, to)).toBe(false);
  });

  it('Resend for anything but an accepted one; Revoke only while pending; the list badge', () => {
    expect(INVITATION_ACTIONS.accepted).toEqual({ resend: false, revoke: false });
    expect(INVITATION_ACTIONS.pending).toEqual({ resend: true, revoke: true });
    expect(INVITATION_ACTIONS.expired).toEqual({ resend: true, revoke: false });
    expect(invitationBadge('pending')).toBe('Invited');
    expect(invitationBadge('accepted')).toBeNull();
    expect(invitationBadge(null)).toBeNull();
  });
});

describe('invite: true in place of a password', () => {
  const admin = { company_id: COMPANY, username: 'Ivy', email: 'Ivy@Acme.test' };

  it('superadmin and admin bodies: invite → password null; the spec body keeps its password', () => {
    const invited = addAdministratorSchema.parse({ ...admin, invite: true, action: 'employee' });
    expect(newUserOfSuperadmin(invited)).toEqual({
      username: 'Ivy',
      email: 'ivy@acme.test',
      password: null,
      companyId: COMPANY,
      role: 'employee',
    });
    const typed = addCompanyUserSchema.parse({ username: 'Ed', email: 'ed@acme.test', password: 'Secret-pass1' });
    expect(newUserOfAdmin(typed, COMPANY).password).toBe('Secret-pass1');
    expect(
      newUserOfAdmin(addCompanyUserSchema.parse({ username: 'Ed', email: 'ed@acme.test', invite: 'true' }), COMPANY)
        .password,
    ).toBeNull();
  });

  it.each([
    [{ invite: true, password: 'Secret-pass1' }, ['invite'], INVITATION_MSG.inviteOrPassword],
    [{}, ['password'], 'Password is required'],
    [{ invite: false }, ['password'], 'Password is required'],
    [{ invite: 'maybe' }, ['invite'], INVITATION_MSG.inviteInvalid],
  ])('%j → %j: %s', (extra, path, message) => {
    const r = addCompanyUserSchema.safeParse({ username: 'Ed', email: 'ed@acme.test', ...extra });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path, message });
  });

  it('POST company: invite needs no password pair; a password still needs its confirmation', () => {
    const base = { name: 'Gamma', username: 'Gil', email: 'gil@gamma.test' };
    expect(createCompanySchema.safeParse({ ...base, invite: true }).success).toBe(true);
    const noConfirm = createCompanySchema.safeParse({ ...base, password: 'Secret-pass1' });
    expect(noConfirm.error!.issues[0]).toMatchObject({ path: ['confirm_password'] });
    const mismatch = createCompanySchema.safeParse({
      ...base,
      password: 'Secret-pass1',
      confirm_password: 'Secret-pass2',
    });
    expect(mismatch.error!.issues[0].message).toBe('Confirm Password and Password must match');
  });
});

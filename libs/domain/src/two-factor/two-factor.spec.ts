import {
  TWO_FACTOR_MSG,
  loginTwoFactorSchema,
  normalizeRecoveryCode,
  policyCovers,
  securitySettingsSchema,
  twoFactorCodeSchema,
} from './index';

describe('policyCovers', () => {
  it.each([
    ['none', [false, false, false]],
    ['superadmins', [true, false, false]],
    ['admins', [true, true, false]],
    ['everyone', [true, true, true]],
  ] as const)('%s covers superadmin/admin/employee = %j', (policy, expected) => {
    expect((['superadmin', 'admin', 'employee'] as const).map((r) => policyCovers(policy, r))).toEqual(expected);
  });
});

describe('two-factor schemas', () => {
  it('accepts 6 digits, also pasted with spaces', () => {
    expect(twoFactorCodeSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', 'abcdef', '', 123456]) {
      expect(twoFactorCodeSchema.safeParse({ code }).success).toBe(false);
    }
    expect(twoFactorCodeSchema.safeParse({ code: '12a456' }).error?.issues[0].message).toBe(TWO_FACTOR_MSG.codeFormat);
  });

  it('normalises recovery codes: case, spaces and dashes do not matter', () => {
    expect(normalizeRecoveryCode(' ABCDE-fghjk ')).toBe('abcdefghjk');
    const mfa = 'x'.repeat(43);
    expect(loginTwoFactorSchema.parse({ mfa_token: mfa, recovery_code: 'ABCDE-FGHJK' })).toEqual({
      mfa_token: mfa,
      recovery_code: 'abcdefghjk',
    });
  });

  it('needs exactly one of code and recovery_code, and a well-formed mfa_token', () => {
    const mfa = 'x'.repeat(43);
    expect(loginTwoFactorSchema.safeParse({ mfa_token: mfa }).success).toBe(false);
    expect(
      loginTwoFactorSchema.safeParse({ mfa_token: mfa, code: '123456', recovery_code: 'abcde-fghjk' }).success,
    ).toBe(false);
    expect(loginTwoFactorSchema.safeParse({ mfa_token: 'short', code: '123456' }).error?.issues[0].message).toBe(
      TWO_FACTOR_MSG.challengeExpired,
    );
  });

  it('knows the four policies only', () => {
    expect(securitySettingsSchema.parse({ require_2fa_for: 'admins' })).toEqual({ require_2fa_for: 'admins' });
    expect(securitySettingsSchema.safeParse({ require_2fa_for: 'all' }).success).toBe(false);
    expect(securitySettingsSchema.safeParse({}).success).toBe(false);
  });
});

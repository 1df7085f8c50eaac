import { isCommonPassword } from './common-passwords';
import { COMMON_PASSWORDS_DATA } from './common-passwords.data';
import { ACCOUNT_MSG } from './messages';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  profileSchema,
  resetPasswordSchema,
} from './schemas';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('account rules', () => {
  it('ships about 1,000 common passwords and matches them case-insensitively', () => {
    const list = COMMON_PASSWORDS_DATA.split('\n').filter(Boolean);
    expect(list.length).toBeGreaterThanOrEqual(900);
    for (const p of ['password', 'Password123', 'QWERTY123', '12345678', 'iloveyou1'])
      expect(isCommonPassword(p)).toBe(true);
    for (const p of ['Passw0rd!23', 'correct horse battery staple', 'N3w-secret-pass'])
      expect(isCommonPassword(p)).toBe(false);
  });

  it('forgot password: required and valid email, normalised', () => {
    expect(first(forgotPasswordSchema.safeParse({ email: '' }))).toBe('Email address is required');
    expect(first(forgotPasswordSchema.safeParse({}))).toBe('Email address is required');
    expect(first(forgotPasswordSchema.safeParse({ email: 'x@' }))).toBe('Please enter a valid email address');
    expect(forgotPasswordSchema.parse({ email: ' A@B.com ' }).email).toBe('a@b.com');
  });

  it('reset and change password: length 8..256, no truncation, common passwords refused', () => {
    const token = 'a'.repeat(43);
    expect(first(resetPasswordSchema.safeParse({ token }))).toBe('Password is required');
    expect(first(resetPasswordSchema.safeParse({ password: 'Ab1!', token }))).toBe(
      'Password must be at least 8 characters long',
    );
    expect(first(resetPasswordSchema.safeParse({ password: 'password1', token }))).toBe(ACCOUNT_MSG.password.tooCommon);
    expect(first(resetPasswordSchema.safeParse({ password: 'x'.repeat(257), token }))).toBe(
      ACCOUNT_MSG.password.tooLong,
    );
    const long = 'Zz9!'.repeat(32);
    expect(resetPasswordSchema.parse({ password: long, token }).password).toBe(long);
    expect(first(changePasswordSchema.safeParse({ newPassword: 'Brand-new-1' }))).toBe('Current password is required');
    expect(
      first(
        changePasswordFormSchema.safeParse({
          oldPassword: 'x',
          newPassword: 'Brand-new-1',
          confirmPassword: 'Brand-new-2',
        }),
      ),
    ).toBe('Confirm Password and New Password must match');
  });

  it('profile: only username and email survive parsing', () => {
    const parsed = profileSchema.parse({
      username: ' Ann ',
      email: 'ANN@x.com',
      role: 'superadmin',
      company_id: 'c',
      status: false,
    });
    expect(parsed).toEqual({ username: 'Ann', email: 'ann@x.com' });
    expect(first(profileSchema.safeParse({ username: ' ', email: 'a@b.com' }))).toBe('Username is required');
  });
});

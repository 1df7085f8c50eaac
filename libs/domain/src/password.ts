export const MIN_PASSWORD_LENGTH = 8;
/** Upper bound on accepted passwords: long enough for passphrases, short enough to bound hashing cost. */
export const MAX_PASSWORD_LENGTH = 256;

export interface PasswordChecklist {
  length: boolean;
  uppercase: boolean;
  lowercase: boolean;
  number: boolean;
  special: boolean;
}

export function passwordChecklist(password: string): PasswordChecklist {
  return {
    length: password.length >= MIN_PASSWORD_LENGTH,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    number: /[0-9]/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
}

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/**
 * Password score from length 8 and 12, lowercase, uppercase, digit, other; capped at 4.
 * 0–1 Weak, 2 Fair, 3 Good, 4 Strong.
 */
export function passwordStrength(password: string): { score: number; label: StrengthLabel } {
  let score = 0;
  if (password.length >= 8) score++;
  if (password.length >= 12) score++;
  if (/[a-z]/.test(password)) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/[0-9]/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  score = Math.min(score, 4);
  const label: StrengthLabel = score <= 1 ? 'Weak' : score === 2 ? 'Fair' : score === 3 ? 'Good' : 'Strong';
  return { score, label };
}

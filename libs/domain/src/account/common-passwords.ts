import { COMMON_PASSWORDS_DATA } from './common-passwords.data';

let set: Set<string> | null = null;

/** True when the password (case-insensitive, surrounding spaces ignored) is on the common-passwords list. */
export function isCommonPassword(password: string): boolean {
  set ??= new Set(
    COMMON_PASSWORDS_DATA.split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return set.has(password.trim().toLowerCase());
}

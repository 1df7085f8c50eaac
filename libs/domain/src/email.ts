/**
 * Before sending, email is stripped of non-printable and non-ASCII characters,
 * trimmed, lowercased. The API applies the same normalisation so both sides agree.
 */
export function normalizeEmail(raw: string): string {
  return raw
    .replace(/[^\x20-\x7E]/g, '')
    .trim()
    .toLowerCase();
}

// Pragmatic: one @, no spaces, a dot in the domain, TLD of 2+ letters.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

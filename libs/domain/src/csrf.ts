/** A CSRF token counts valid only if it has at least 10 characters and three non-empty dot-separated parts. */
export function isWellFormedCsrfToken(token: unknown): token is string {
  if (typeof token !== 'string' || token.length < 10) return false;
  const parts = token.split('.');
  return parts.length === 3 && parts.every((p) => p.length > 0);
}

/**
 * Query strings: every parameter of every route is a single value. A repeated parameter
 * (`?q=a&q=b`) is refused at the edge with a 400 naming it, before any route reads it — lists travel
 * as one comma-separated value (`?status=submitted,in_review`) or in a JSON body (`{ ids: [...] }`).
 */

export const QUERY_MSG = {
  repeated: (name: string) => `${name} must be given only once`,
} as const;

/** The first parameter of a parsed query string that was given more than once, or null. */
export function repeatedQueryParameter(query: unknown): string | null {
  if (query === null || typeof query !== 'object') return null;
  for (const [key, value] of Object.entries(query)) if (Array.isArray(value)) return key;
  return null;
}

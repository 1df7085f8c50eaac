import type { ZodType } from 'zod';
import { isBinary, type RouteEntry } from './route';

interface Compiled {
  entry: RouteEntry;
  pattern: RegExp;
  /** Literal segments: the more, the more specific (`user/total` before `user/:id`). */
  literals: number;
}

const compile = (entry: RouteEntry): Compiled => {
  const segments = entry.spec.path.split('/');
  const pattern = new RegExp(
    `^${segments.map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`,
  );
  return { entry, pattern, literals: segments.filter((s) => !s.startsWith(':')).length };
};

/** Finds the entry answering `method path` (path relative to `/api`, query and slashes ignored), as the router does. */
export function routeMatcher(routes: readonly RouteEntry[]) {
  const compiled = routes.map(compile).sort((a, b) => b.literals - a.literals);
  return (method: string, path: string): RouteEntry | undefined => {
    const clean = path.split('?')[0].replace(/^\/+|\/+$/g, '');
    return compiled.find((c) => c.entry.spec.method === method.toUpperCase() && c.pattern.test(clean))?.entry;
  };
}

/**
 * The response schema an answer of `status` must match (the success status, or a declared further
 * answer), or null when there is none to check (errors, binary bodies).
 */
export function responseSchemaFor(entry: RouteEntry, status: number): ZodType | null {
  if (status === entry.spec.status) return isBinary(entry.spec.response) ? null : entry.spec.response;
  return entry.spec.alsoAnswers?.[status]?.schema ?? null;
}

/** Problems of a JSON answer against its route's schema (empty: it matches). */
export function responseProblems(entry: RouteEntry, status: number, body: unknown): string[] {
  const schema = responseSchemaFor(entry, status);
  if (!schema) return [];
  const result = schema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
}

import { routeKey } from './keys';
import type { RouteEntry } from './route';

/** One handler the framework routes to, as the start-up check sees it. */
export interface BoundHandler {
  /** `Controller.method`, for the message. */
  handler: string;
  method: string;
  path: string;
  /** The table entry its `@Route` names (none: declared by hand). */
  entry?: RouteEntry;
}

/**
 * The HTTP wire's start-up check (like CHANGE_PUSHES's): every handler is bound from the table with
 * its own method and path, and every entry of the table is bound exactly once. Returns the problems.
 */
export function checkRouteBindings(bound: readonly BoundHandler[], table: readonly RouteEntry[]): string[] {
  const problems: string[] = [];
  const listed = new Set(table);
  const seen = new Map<RouteEntry, string>();
  const keys = new Map<string, string>();
  for (const entry of table) {
    const key = routeKey(entry.spec.method, entry.spec.path);
    const other = keys.get(key);
    if (other) problems.push(`${key} is in the route table twice (${other}, ${entry.name})`);
    keys.set(key, entry.name);
  }
  for (const h of bound) {
    const key = routeKey(h.method, h.path);
    if (!h.entry) {
      problems.push(`${h.handler} (${key}) is not bound from the route table (use @Route(entry))`);
      continue;
    }
    if (!listed.has(h.entry)) {
      problems.push(`${h.handler} (${key}) binds ${h.entry.name}, which is not in ROUTES`);
      continue;
    }
    if (key !== routeKey(h.entry.spec.method, h.entry.spec.path)) {
      problems.push(
        `${h.handler} answers ${key} but its entry ${h.entry.name} declares ${routeKey(h.entry.spec.method, h.entry.spec.path)}`,
      );
    }
    const twice = seen.get(h.entry);
    if (twice) problems.push(`${h.entry.name} is bound twice (${twice}, ${h.handler})`);
    seen.set(h.entry, h.handler);
  }
  for (const entry of table) {
    if (!seen.has(entry))
      problems.push(
        `${entry.name} (${routeKey(entry.spec.method, entry.spec.path)}) is in the route table but nothing binds it`,
      );
  }
  return problems;
}

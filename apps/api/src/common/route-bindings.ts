import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { checkRouteBindings, ROUTES, type BoundHandler, type RouteEntry } from '@portal/domain';
import { ROUTE_KEY } from './route.decorator';

// Nest's own metadata keys (@nestjs/common/constants).
const PATH_METADATA = 'path';
const METHOD_METADATA = 'method';

/** Every handler of every controller, with the entry its `@Route` binds (if any). */
export function boundHandlers(app: INestApplicationContext): BoundHandler[] {
  const out: BoundHandler[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: unknown[]) => object) | null;
      if (!type) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, type) ?? '').replace(/^\/+|\/+$/g, '');
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const fn = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof fn !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
        if (method === undefined) continue;
        const paths = Reflect.getMetadata(PATH_METADATA, fn) as string | string[] | undefined;
        const path = [prefix, ...(Array.isArray(paths) ? paths : [paths ?? ''])]
          .map((p) => p.replace(/^\/+|\/+$/g, ''))
          .filter(Boolean)
          .join('/');
        out.push({
          handler: `${type.name}.${name}`,
          method: RequestMethod[method],
          path,
          entry: Reflect.getMetadata(ROUTE_KEY, fn) as RouteEntry | undefined,
        });
      }
    }
  }
  return out;
}

/** Refuses to start when a handler is not bound from the route table or an entry is bound by nothing. */
export function assertRouteBindings(app: INestApplicationContext, table: readonly RouteEntry[] = ROUTES): void {
  const problems = checkRouteBindings(boundHandlers(app), table);
  if (problems.length) throw new Error(`The HTTP routes do not match the route table:\n- ${problems.join('\n- ')}`);
}

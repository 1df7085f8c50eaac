import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { ZodType } from 'zod';

/**
 * The OpenAPI document lists each route's query parameters, read from what the route validates:
 * `@Query('name')`, the keys of a `@Query(new ZodPipe(schema))` object schema and of a custom
 * decorator's pipe class's static `querySchema` (the catalogue's `?asCompany=`). Swagger only sees
 * DTO classes, so without this every query parameter would be missing from `/api/docs-json` (which
 * integrators and the security suite read).
 */
export function withQueryParameters(app: INestApplication, doc: OpenAPIObject): OpenAPIObject {
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const base = pathsOf(Reflect.getMetadata(PATH_METADATA, controller));
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = name === 'constructor' ? undefined : proto[name];
        if (typeof handler !== 'function') continue;
        const own = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (own === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number]?.toLowerCase();
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { data?: unknown; pipes?: unknown[] }
        >;
        const names = new Set<string>();
        for (const [key, arg] of Object.entries(args)) {
          const query = Number(key.split(':')[0]) === RouteParamtypes.QUERY;
          if (query && typeof arg.data === 'string') names.add(arg.data);
          for (const pipe of arg.pipes ?? []) {
            // A ZodPipe on @Query(), or a custom decorator's pipe class that declares the query it reads.
            const p = pipe as { schema?: ZodType; querySchema?: ZodType } | null;
            const schema = query ? p?.schema : p?.querySchema;
            if (schema) for (const k of objectKeys(schema)) names.add(k);
          }
        }
        if (!names.size || !method) continue;
        for (const b of base) {
          for (const p of pathsOf(own)) {
            const op = doc.paths[openApiPath(b, p)]?.[method as 'get'];
            if (!op) continue;
            const listed = new Set((op.parameters ?? []).map((x) => ('name' in x ? `${x.in}:${x.name}` : '')));
            for (const n of names) {
              if (!listed.has(`query:${n}`)) {
                (op.parameters ??= []).push({ name: n, in: 'query', required: false, schema: { type: 'string' } });
              }
            }
          }
        }
      }
    }
  }
  return doc;
}

function pathsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return [typeof value === 'string' ? value : ''];
}

/** `/api/company/user/{companyId}` from the controller's and the method's Nest paths. */
function openApiPath(base: string, own: string): string {
  const joined = ['api', base, own]
    .flatMap((s) => s.split('/'))
    .filter(Boolean)
    .map((seg) => seg.replace(/^:(\w+).*$/, '{$1}'))
    .join('/');
  return `/${joined}`;
}

/** The keys of an object schema, through optional/default wrappers, pipes, transforms and preprocess. */
export function objectKeys(schema: ZodType, depth = 0): string[] {
  const def = (schema as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def || depth > 10) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'pipe':
      return [...objectKeys(def.in as ZodType, depth + 1), ...objectKeys(def.out as ZodType, depth + 1)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return objectKeys(def.innerType as ZodType, depth + 1);
    default:
      return [];
  }
}

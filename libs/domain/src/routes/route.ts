import { z, type ZodObject, type ZodType } from 'zod';
import type { RoleKey } from '@portal/contracts';
import type { EditParse } from '../catalogue/edit-input';

/*
 * The HTTP wire as one table (docs/ARCHITECTURE.md#route-table). Every route is declared once here:
 * method, path, who may call it, the schemas of what it reads and of what it answers. The API binds
 * each entry with `@Route(entry)` (validation and roles from the entry; a start-up check refuses a
 * route that is not in the table and an entry nothing binds), the web calls it with `call(entry, …)`
 * and the OpenAPI document is generated from it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-zod validator from libs/domain (the catalogue edit parsers); `doc` describes what it accepts. */
export interface Parser<T> {
  parse(value: unknown): EditParse<T>;
  doc: ZodType;
}

/** A schema, or a parser with its exact 400s. */
export type Validator<T = unknown> = ZodType<T> | Parser<T>;

/** The answer a route has always given for a bad value instead of the schema's 400 (e.g. 404 for a bad id). */
export interface Refusal {
  status: number;
  message: string;
}

/** A file (or image, CSV, PDF) sent as it is, not JSON. */
export interface BinaryResponse {
  binary: readonly string[];
}

export type Access =
  | { kind: 'public' }
  /** Signed in with one of `roles` (empty: any role). */
  | { kind: 'roles'; roles: readonly RoleKey[] };

export interface RouteSpec {
  method: HttpMethod;
  /** Relative to `/api`, Nest syntax (`company/:id`). */
  path: string;
  summary: string;
  access: Access;
  /** Also open to an enrolment-only session (see `AllowDuringEnrolment`). */
  duringEnrolment?: boolean;
  /** Authenticated by a signature over the raw body (no session, no CSRF). */
  signedWebhook?: boolean;
  /**
   * Path parameters. Each is validated on its own, like `@Param('id', pipe)` (a failure's `errors` key
   * is `_`), unless `paramsWhole` (validated as one object, keys named).
   */
  params?: ZodObject;
  paramsWhole?: boolean;
  /** Per-parameter answers for a bad value (a 404 that reads like an unknown id, or a fixed 400). */
  paramRefusals?: Record<string, Refusal>;
  /** Per-parameter non-zod parsers (the catalogue edit ids); the `params` shape still documents them. */
  paramParsers?: Record<string, Parser<string>>;
  query?: Validator;
  /** The body, or one body per role where the form differs by role. */
  body?: Validator | { byRole: Partial<Record<RoleKey, Validator>> };
  /** Request headers the route reads (lower-case names), validated after the body. */
  headers?: ZodObject;
  /** A multipart upload (the file parts are read by the handler, streaming). */
  multipart?: { fields: Record<string, 'file' | 'string'> };
  /** The success status. */
  status: number;
  response: ZodType | BinaryResponse;
  /** Further success answers (e.g. the grid save's 409 with its conflicts body). */
  alsoAnswers?: Record<number, { description: string; schema: ZodType }>;
}

export interface RouteEntry<S extends RouteSpec = RouteSpec> {
  readonly spec: S;
  /** Area (one file of the table, one tag of the document). */
  readonly area: string;
  /** Name within the area (`companies.update`). */
  readonly name: string;
}

export const isParser = (v: unknown): v is Parser<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as Parser<unknown>).parse === 'function' && 'doc' in v;

export const isBinary = (r: RouteSpec['response']): r is BinaryResponse => 'binary' in r;

export const hasBodyByRole = (b: RouteSpec['body']): b is { byRole: Partial<Record<RoleKey, Validator>> } =>
  typeof b === 'object' && b !== null && 'byRole' in b;

/** Declares one area's routes (keeps each spec's literal types for the handler's input). */
export function defineRoutes<const T extends Record<string, RouteSpec>>(
  area: string,
  specs: T,
): { readonly [K in keyof T]: RouteEntry<T[K]> } {
  const out: Record<string, RouteEntry> = {};
  for (const [name, spec] of Object.entries(specs)) out[name] = { spec, area, name: `${area}.${name}` };
  return out as { readonly [K in keyof T]: RouteEntry<T[K]> };
}

/* ------------------------------------------------------------------ typing */

type Out<V> = V extends ZodType ? z.output<V> : V extends Parser<infer T> ? T : never;
type In<V> = V extends ZodType ? z.input<V> : V extends Parser<unknown> ? z.input<V['doc']> : never;

type BodyOut<B> = B extends { byRole: infer R } ? { [K in keyof R]: Out<R[K]> }[keyof R] : Out<B>;
type BodyIn<B> = B extends { byRole: infer R } ? { [K in keyof R]: In<R[K]> }[keyof R] : In<B>;

/** What a handler receives: the validated (and transformed) params, query, body and headers. */
export interface RouteInput<E extends RouteEntry> {
  params: E['spec']['params'] extends ZodType ? z.output<E['spec']['params']> : Record<string, never>;
  query: E['spec']['query'] extends Validator ? Out<E['spec']['query']> : Record<string, never>;
  body: E['spec']['body'] extends object ? BodyOut<E['spec']['body']> : undefined;
  headers: E['spec']['headers'] extends ZodType ? z.output<E['spec']['headers']> : Record<string, never>;
}

/** What a client sends (before the server's transforms). */
export interface RouteRequest<E extends RouteEntry> {
  params: E['spec']['params'] extends ZodType ? z.input<E['spec']['params']> : undefined;
  query: E['spec']['query'] extends Validator ? In<E['spec']['query']> : undefined;
  body: E['spec']['body'] extends object ? BodyIn<E['spec']['body']> : undefined;
}

/** What a route answers (JSON routes). */
export type RouteResponse<E extends RouteEntry> = E['spec']['response'] extends ZodType
  ? z.output<E['spec']['response']>
  : Blob;

/* ------------------------------------------------------------------ shared pieces */

export const anyRole: Access = { kind: 'roles', roles: [] };
export const publicRoute: Access = { kind: 'public' };
export const roles = (...r: RoleKey[]): Access => ({ kind: 'roles', roles: r });

export const IDEMPOTENCY_KEY_MSG = 'Idempotency-Key must be 1-200 visible characters';

/** `Idempotency-Key`: a retried submit with the same key answers the first result instead of a second request. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: IDEMPOTENCY_KEY_MSG })
    .regex(/^[\x21-\x7e]{1,200}$/, IDEMPOTENCY_KEY_MSG)
    .optional(),
});

/** The error body every route answers with a 4xx/5xx. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** `{ status, message?, data }`. */
export const ok = <T extends ZodType>(data: T) =>
  z.object({ status: z.number().int(), message: z.string().optional(), data });

/** `{ status, message }`. */
export const messageOnly = z.object({ status: z.number().int(), message: z.string() });

export const binary = (...types: string[]): BinaryResponse => ({ binary: types });

/**
 * Any JSON answer with a numeric `status` — used only where a route's data shape is not declared yet
 * (the document marks those operations; see docs/API.md).
 */
export const statusAnswer = z.looseObject({ status: z.number().int() });

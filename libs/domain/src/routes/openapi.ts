import { z, type ZodType } from 'zod';
import { hasBodyByRole, isBinary, isParser, apiErrorSchema, type RouteEntry, type Validator } from './route';

/*
 * The OpenAPI 3.1 document, generated from the route table (zod 4's JSON Schema output). Served at
 * `GET /api/docs-json` and browsable at `/api/docs`; `npm run api:client` generates a typed client from it.
 */

type Json = Record<string, unknown>;

const ERROR_ANSWERS: Record<number, string> = {
  400: 'Bad input: `message` is the first problem, `errors` maps each field to its message.',
  401: 'No session, or it ended (sign in again).',
  403: 'Signed in, but this role may not do this (or the CSRF token is missing).',
  404: 'Not found, or not yours (another company’s things answer 404 too).',
  409: 'Conflicts with the current state (see `message`).',
  429: 'Too many requests: wait and try again (`Retry-After` says how long where it is known).',
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** JSON Schema of a zod schema as the client sends it (`input`) or receives it (`output`). */
export function jsonSchema(schema: ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete out.$schema;
  return out;
}

const validatorSchema = (v: Validator): ZodType => (isParser(v) ? v.doc : (v as ZodType));

/** The properties of an object-shaped query/params/headers schema (a preprocess wrapper is looked through). */
function properties(schema: ZodType): { name: string; schema: Json; required: boolean }[] {
  const json = jsonSchema(schema, 'input');
  const obj = (json.anyOf as Json[] | undefined)?.find((s) => s.type === 'object') ?? json;
  const props = (obj.properties ?? {}) as Record<string, Json>;
  const required = new Set((obj.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({ name, schema: s, required: required.has(name) }));
}

const openApiPath = (path: string) => `/api/${path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function accessText(entry: RouteEntry): string {
  const { access } = entry.spec;
  if (access.kind === 'public') return 'Public (no session needed).';
  const who = access.roles.length ? access.roles.join(', ') : 'any signed-in role';
  return `Roles: ${who}.${entry.spec.duringEnrolment ? ' Also open to an enrolment-only session.' : ''}`;
}

function operation(entry: RouteEntry): Json {
  const { spec } = entry;
  const parameters: Json[] = [];
  if (spec.params) {
    for (const p of properties(spec.params))
      parameters.push({ name: p.name, in: 'path', required: true, schema: p.schema });
  }
  if (spec.query) {
    for (const p of properties(validatorSchema(spec.query))) {
      parameters.push({ name: p.name, in: 'query', required: p.required, schema: p.schema });
    }
  }
  if (spec.headers) {
    for (const p of properties(spec.headers)) {
      const name = p.name.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());
      parameters.push({ name, in: 'header', required: p.required, schema: p.schema });
    }
  }

  const op: Json = {
    operationId: entry.name.replace(/[.-](\w)/g, (_, c: string) => c.toUpperCase()),
    summary: spec.summary,
    description: accessText(entry),
    tags: [entry.area],
    ...(parameters.length ? { parameters } : {}),
  };

  if (spec.multipart) {
    const props: Record<string, Json> = {};
    for (const [name, kind] of Object.entries(spec.multipart.fields)) {
      props[name] = kind === 'file' ? { type: 'string', format: 'binary' } : { type: 'string' };
    }
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: props } } },
    };
  } else if (spec.body) {
    const schema = hasBodyByRole(spec.body)
      ? { oneOf: Object.values(spec.body.byRole).map((v) => jsonSchema(validatorSchema(v!), 'input')) }
      : jsonSchema(validatorSchema(spec.body), 'input');
    op.requestBody = { required: true, content: { 'application/json': { schema } } };
  }

  const responses: Json = {};
  const ok = isBinary(spec.response)
    ? Object.fromEntries(spec.response.binary.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]))
    : { 'application/json': { schema: jsonSchema(spec.response, 'output') } };
  responses[String(spec.status)] = { description: 'Success', content: ok };
  for (const [status, also] of Object.entries(spec.alsoAnswers ?? {})) {
    responses[status] = {
      description: also.description,
      content: { 'application/json': { schema: jsonSchema(also.schema, 'output') } },
    };
  }
  for (const [status, description] of Object.entries(ERROR_ANSWERS)) {
    if (responses[status]) continue;
    if (status === '401' && spec.access.kind === 'public') continue;
    responses[status] = { $ref: `#/components/responses/Error${status}`, description };
  }
  op.responses = responses;

  if (spec.access.kind === 'public' || spec.signedWebhook) op.security = [];
  else op.security = WRITE_METHODS.has(spec.method) ? [{ bearer: [], csrf: [] }] : [{ bearer: [] }];
  return op;
}

export interface OpenApiOptions {
  version: string;
  title?: string;
}

/** The whole document for `routes`. */
export function buildOpenApi(routes: readonly RouteEntry[], options: OpenApiOptions): Json {
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const entry of routes) {
    const path = openApiPath(entry.spec.path);
    paths[path] ??= {};
    paths[path][entry.spec.method.toLowerCase()] = operation(entry);
    tags.add(entry.area);
  }
  const errorSchema = jsonSchema(apiErrorSchema, 'output');
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Filter Portal API',
      version: options.version,
      description:
        'Every success is `{status, message?, data}`; every error `{status, message, errors?}`. Sign in with ' +
        '`POST /api/login`, send the token as `Authorization: Bearer …`; writes also need the `X-XSRF-TOKEN` ' +
        'header with the token from `GET /api/csrf-token` (the cookie it sets must be sent back). See docs/API.md.',
    },
    servers: [{ url: '/' }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token from `POST /api/login`.' },
        csrf: {
          type: 'apiKey',
          in: 'header',
          name: 'X-XSRF-TOKEN',
          description: 'The token from `GET /api/csrf-token` (with its XSRF-TOKEN cookie), on every write.',
        },
      },
      schemas: { ApiError: errorSchema },
      responses: Object.fromEntries(
        Object.entries(ERROR_ANSWERS).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
        ]),
      ),
    },
  };
}

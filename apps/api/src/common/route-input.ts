import type { ZodType } from 'zod';
import type { RoleKey } from '@portal/contracts';
import { hasBodyByRole, isParser } from '@portal/domain';
import type { Refusal, RouteSpec, Validator } from '@portal/domain';

/** A refused input: the `{status, message, errors?}` the route answers. */
export interface InputRefusal {
  status: number;
  message: string;
  errors?: Record<string, string>;
}

export interface ParsedInput {
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
  headers: Record<string, unknown>;
}

export interface RawRequest {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
  headers?: Record<string, unknown>;
  role?: RoleKey;
}

class Refused extends Error {
  constructor(readonly refusal: InputRefusal) {
    super(refusal.message);
  }
}

/**
 * Validates one value as ZodPipe always did: `value ?? {}`; the first issue becomes `message`, every
 * issue's path (joined with `.`, `_` for the value itself) a key of `errors`; a `refusal` replaces it.
 */
function validate(
  validator: Validator,
  value: unknown,
  refusal?: Refusal,
  errorKey: (key: string) => string = (k) => k,
): unknown {
  if (isParser(validator)) {
    const result = validator.parse(value);
    if (result.ok) return result.value;
    throw new Refused({ status: 400, message: result.message, ...(result.errors ? { errors: result.errors } : {}) });
  }
  const result = (validator as ZodType).safeParse(value ?? {});
  if (result.success) return result.data;
  if (refusal) throw new Refused({ status: refusal.status, message: refusal.message });
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = errorKey(issue.path.join('.') || '_');
    errors[key] ??= issue.message;
  }
  throw new Refused({ status: 400, message: result.error.issues[0]?.message ?? 'Invalid request', errors });
}

/** `idempotency-key` → `Idempotency-Key` (the name a client wrote, in the 400's `errors`). */
const headerName = (key: string) =>
  key.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

/** Params, then query, then body, then headers — the order the controllers' pipes always ran in. */
export function parseRouteInput(spec: RouteSpec, req: RawRequest): ParsedInput | InputRefusal {
  try {
    const params: Record<string, unknown> = {};
    const rawParams = req.params ?? {};
    if (spec.params) {
      if (spec.paramsWhole) Object.assign(params, validate(spec.params, rawParams));
      else {
        for (const [name, schema] of Object.entries(spec.params.shape)) {
          const parser = spec.paramParsers?.[name];
          params[name] = validate(parser ?? (schema as ZodType), rawParams[name], spec.paramRefusals?.[name]);
        }
      }
    }
    const query = spec.query ? validate(spec.query, req.query) : {};
    let body: unknown = undefined;
    if (hasBodyByRole(spec.body)) {
      const byRole = req.role ? spec.body.byRole[req.role] : undefined;
      body = byRole ? validate(byRole, req.body) : req.body;
    } else if (spec.body) body = validate(spec.body, req.body);
    const headers = spec.headers
      ? (validate(
          spec.headers,
          pick(req.headers ?? {}, Object.keys(spec.headers.shape)),
          undefined,
          headerName,
        ) as Record<string, unknown>)
      : {};
    return { params, query, body, headers };
  } catch (e) {
    if (e instanceof Refused) return e.refusal;
    throw e;
  }
}

export const isRefusal = (v: ParsedInput | InputRefusal): v is InputRefusal => 'status' in v;

function pick(from: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (from[k] !== undefined) out[k] = from[k];
  return out;
}

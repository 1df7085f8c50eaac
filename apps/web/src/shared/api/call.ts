import type { RouteEntry, RouteRequest, RouteResponse } from '@portal/domain';
import { apiRequest, apiUrl, type QueryValue, type RequestOptions } from './client';

/** What a call sends: the route's params, query and body, typed by the route table. */
export type CallInput<E extends RouteEntry> = {
  [K in keyof RouteRequest<E> as RouteRequest<E>[K] extends undefined ? never : K]: RouteRequest<E>[K];
};

/** The `data` of a route's `{ status, message?, data }` answer. */
export type RouteData<E extends RouteEntry> = RouteResponse<E> extends { data: infer D } ? D : never;

/** What a route accepts as its body / query / params (before the server's transforms). */
export type RouteBody<E extends RouteEntry> = RouteRequest<E>['body'];
export type RouteQuery<E extends RouteEntry> = RouteRequest<E>['query'];
export type RouteParams<E extends RouteEntry> = RouteRequest<E>['params'];

export type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'query'> & {
  /** A multipart upload's parts (routes declared with `multipart`). */
  form?: FormData;
};

/** The route's path (relative to `/api`) with its `:params` filled in. */
export function routePath(route: RouteEntry, params?: Record<string, unknown>): string {
  return route.spec.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${route.name}: missing path parameter '${name}'`);
    return encodeURIComponent(String(value));
  });
}

/** The URL of a route (downloads, `<img src>`), with its query. */
export function routeUrl<E extends RouteEntry>(route: E, input: Partial<CallInput<E>> = {}): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, QueryValue> };
  return apiUrl(routePath(route, params), query);
}

/**
 * Calls a route of the table (libs/domain/src/routes): method and path from the entry, params, query
 * and body typed by its schemas, the answer typed by its response schema. Errors, retries and the CSRF
 * token work as in `apiRequest`.
 */
export function call<E extends RouteEntry>(
  route: E,
  ...[input, opts]: keyof CallInput<E> extends never
    ? [input?: CallInput<E>, opts?: CallOptions]
    : [input: CallInput<E>, opts?: CallOptions]
): Promise<RouteResponse<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  const { form, ...rest } = opts ?? {};
  return apiRequest<RouteResponse<E>>(routePath(route, params), {
    ...rest,
    method: route.spec.method,
    ...(query ? { query } : {}),
    ...(form ? { body: form } : body !== undefined ? { body } : {}),
  });
}

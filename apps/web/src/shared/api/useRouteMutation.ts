import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import type { RouteEntry, RouteResponse } from '@portal/domain';
import { call, type CallInput, type CallOptions } from './call';

export interface RouteMutationOptions<E extends RouteEntry, V> extends Omit<
  UseMutationOptions<RouteResponse<E>, unknown, V>,
  'mutationFn'
> {
  /** The call's params, query and body from the mutation's variables (default: the variables are them). */
  input?: (vars: V) => CallInput<E>;
  /** Options of the call (`silent`, `retry`, headers…). */
  call?: CallOptions;
  /** Queries to refetch when the change is done, whether it worked or not. */
  invalidates?: readonly QueryKey[] | ((vars: V) => readonly QueryKey[]);
}

/**
 * The one shape of a write from the web: a route of the table, its input from the form's variables,
 * and the queries that show what it changed. The answer is typed by the route's response schema.
 *
 *   const send = useRouteMutation(QUOTE_ROUTES.message, {
 *     input: (body: string) => ({ params: { id }, body: { body } }),
 *     invalidates: [quoteKeys.one(id)],
 *   });
 *
 * One form that takes several routes (a quote's actions) names the route from the variables:
 * `useRouteMutation((v: Action) => ACTION_ROUTES[v.action], { input: … })`.
 */
export function useRouteMutation<E extends RouteEntry, V = CallInput<E>>(
  route: E | ((vars: V) => E),
  { input, call: callOptions, invalidates, onSettled, ...options }: RouteMutationOptions<E, V> = {},
) {
  const qc = useQueryClient();
  return useMutation<RouteResponse<E>, unknown, V>({
    ...options,
    mutationFn: (vars) => {
      const entry = typeof route === 'function' ? route(vars) : route;
      const args = (input ? input(vars) : vars) as CallInput<E>;
      return (call as (r: E, i: CallInput<E>, o?: CallOptions) => Promise<RouteResponse<E>>)(entry, args, callOptions);
    },
    onSettled: async (...args) => {
      const keys = typeof invalidates === 'function' ? invalidates(args[2]) : (invalidates ?? []);
      await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
      await onSettled?.(...args);
    },
  });
}

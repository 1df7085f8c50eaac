export { api, apiRequest, apiUrl, getCsrfToken, invalidateCsrfToken, isAuthFlowPath, RETRY_DELAY_MS } from './client';
export type { HttpMethod, QueryValue, RequestOptions } from './client';
export { ApiRequestError, bodyMessage, errorStatus, isApiRequestError, mentionsCsrf, serverMessage } from './errors';
export {
  classifyGlobalError,
  handleGlobalApiError,
  handledAsSessionEnd,
  isSigningOut,
  setSessionEndHandler,
  setSigningOut,
} from './globalErrorHandler';
export { createQueryClient, queryClient } from './queryClient';
export { call, routePath, routeUrl } from './call';
export type { CallInput, CallOptions, RouteBody, RouteData, RouteParams, RouteQuery } from './call';
export { useRouteMutation } from './useRouteMutation';
export type { RouteMutationOptions } from './useRouteMutation';

/** `GET company/:id` (the key the start-up check and the test wrapper match on). */
export const routeKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.replace(/^\/+|\/+$/g, '')}`;

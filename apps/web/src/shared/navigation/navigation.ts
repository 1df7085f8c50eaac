/**
 * Lets non-React code (API error handler, realtime events) navigate through the router.
 * <NavigationBridge/> registers the router's navigate function once mounted.
 */
type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;

let navigator: NavigateFn | null = null;

export function registerNavigator(fn: NavigateFn | null): void {
  navigator = fn;
}

export function navigateTo(to: string, opts: { replace?: boolean } = { replace: true }): void {
  if (navigator) navigator(to, opts);
  else if (typeof window !== 'undefined' && window.location.pathname !== to) window.location.assign(to);
}

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

// A reload or a navigation away aborts in-flight requests; their failures are not the server's
// answer and must not end the session (the next page validates it again).
let unloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (unloading = true));
  window.addEventListener('pagehide', () => (unloading = true));
  window.addEventListener('pageshow', () => (unloading = false));
}

/**
 * Whether a failed request only failed because the page is being left. The abort can reach the
 * handler before any unload event, so a connection failure waits a moment first: a page that is
 * going away never resumes, one that stays answers false.
 */
export async function isLeavingPage(status: number): Promise<boolean> {
  if (status === 0 && !unloading) await new Promise((resolve) => setTimeout(resolve, 300));
  return unloading;
}

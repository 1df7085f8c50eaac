import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { RoleKey } from '@portal/contracts';
import { errorStatus, isApiRequestError } from '../../../shared/api';
import { getStoredToken } from '../../../shared/storage';
import { isLeavingPage } from '../../../shared/navigation';
import { FullPageLoader } from '../../../shared/ui';
import { signInPathFrom } from '../landing';
import { clearSession, validateSession } from '../session';
import { useAuthStore } from '../store';

type GuardState = 'checking' | 'allowed' | 'denied';

/**
 * Area guard: requires a stored token, validates it with `GET /api/validate` on entry
 * and rechecks the role. Any failure goes to '/' (with `?from=` the address asked for, when signed
 * out), which sends a signed-in user to their own area.
 * A user already signed in with the matching role sees the page while validation runs.
 */
export function RequireRole({ role, children }: { role: RoleKey; children?: ReactNode }) {
  const loggedIn = useAuthStore((s) => s.loggedIn);
  const currentRole = useAuthStore((s) => s.role);
  const location = useLocation();
  const [state, setState] = useState<GuardState>(() => (getStoredToken() ? 'checking' : 'denied'));

  // Runs once per entry into the area (each area's guard is keyed, so switching areas remounts it).
  useEffect(() => {
    if (!getStoredToken()) return; // already 'denied'
    let cancelled = false;
    validateSession()
      .then((user) => {
        if (!cancelled) setState(user && user.role_key === role ? 'allowed' : 'denied');
      })
      .catch(async (err: unknown) => {
        if (cancelled || (await isLeavingPage(errorStatus(err))) || cancelled) return;
        // `GET validate`: on error, clear storage and go to the root. (A 401 was already handled globally.)
        if (!isApiRequestError(err) || err.status !== 401) clearSession();
        setState('denied');
      });
    return () => {
      cancelled = true;
    };
  }, [role]);

  // Signed out: sign-in keeps the address asked for (a shared link) and returns there.
  if (state === 'denied')
    return <Navigate to={loggedIn ? '/' : signInPathFrom(location.pathname + location.search)} replace />;
  if (state === 'checking' && !(loggedIn && currentRole === role))
    return <FullPageLoader label="Checking your session" />;
  if (loggedIn && currentRole !== role) return <Navigate to="/" replace />;
  return <>{children ?? <Outlet />}</>;
}

/** Superadmin-only screens (notifications): anyone else is sent to '/'. */
export function SuperadminOnly({ children }: { children?: ReactNode }) {
  const loggedIn = useAuthStore((s) => s.loggedIn);
  const role = useAuthStore((s) => s.role);
  if (!loggedIn || role !== 'superadmin') return <Navigate to="/" replace />;
  return <>{children ?? <Outlet />}</>;
}

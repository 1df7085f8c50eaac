import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { notifications } from '@mantine/notifications';
import { isSigningOut, setSessionEndHandler } from '../shared/api';
import { NavigationBridge } from '../shared/navigation';
import { RealtimeProvider, useRealtimeEvent } from '../shared/realtime';
import { endSession, useAuthStore } from '../features/auth';

/** App-wide realtime reactions: revoked sessions end here; superadmins get a toast per new notification. */
function RealtimeReactions() {
  const role = useAuthStore((s) => s.role);
  const myId = useAuthStore((s) => s.user?._id);
  useRealtimeEvent('session.revoked', () => {
    // The push that follows one's own sign-out is no news.
    const chosen = isSigningOut();
    endSession();
    if (chosen) return;
    notifications.show({
      color: 'yellow',
      title: 'Signed out',
      message: 'Your session has ended. Please sign in again.',
      autoClose: 5000,
    });
  });
  useRealtimeEvent(
    'notification.created',
    (n) => {
      if (n.actor_id && n.actor_id === myId) return; // no toast for your own action
      notifications.show({ color: 'brand', title: 'New notification', message: n.description, autoClose: 3000 });
    },
    role === 'superadmin',
  );
  return null;
}

/** Root route element: navigation bridge, session-end wiring, realtime connection while signed in. */
export function RootShell() {
  const token = useAuthStore((s) => s.token);
  const loggedIn = useAuthStore((s) => s.loggedIn);

  useEffect(() => {
    setSessionEndHandler(endSession);
    return () => setSessionEndHandler(null);
  }, []);

  return (
    <RealtimeProvider token={token} enabled={loggedIn}>
      <NavigationBridge />
      <RealtimeReactions />
      <Outlet />
    </RealtimeProvider>
  );
}

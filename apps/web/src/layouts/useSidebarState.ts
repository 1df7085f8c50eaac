import { useCallback, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { getFlag, setFlag, STORAGE_KEYS } from '../shared/storage';

/** 992px (Mantine's `md`, 62em): below it the sidebar is an overlay that starts closed. */
export const DESKTOP_QUERY = '(min-width: 62em)';
export const SIDEBAR_WIDTH = 224; // "Notifications" and its badge fit without "Notificati…"
export const SIDEBAR_MINIMIZED_WIDTH = 70;

export function useSidebarState() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [minimizedPref, setMinimizedPref] = useState(() => getFlag(STORAGE_KEYS.sidebarMinimized));
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggleMinimized = useCallback(() => {
    setMinimizedPref((prev) => {
      const next = !prev;
      setFlag(STORAGE_KEYS.sidebarMinimized, next); // remembered on desktop only
      return next;
    });
  }, []);

  return {
    isDesktop,
    /** Minimized applies to the desktop sidebar; the mobile overlay is always full. */
    minimized: isDesktop && minimizedPref,
    mobileOpen,
    toggleMinimized,
    toggleMobile: useCallback(() => setMobileOpen((o) => !o), []),
    closeMobile: useCallback(() => setMobileOpen(false), []),
  };
}

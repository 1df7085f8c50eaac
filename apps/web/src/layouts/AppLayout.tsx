import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell } from '@mantine/core';
import type { RoleKey } from '@portal/contracts';
import { FullPageLoader } from '../shared/ui';
import { useEmailBouncedToasts } from '../shared/kit/useEmailBouncedToasts';
import { useQuotesAwaitingAnswer } from '../features/quotes/useQuotesAwaitingAnswer';
import { AppHeader } from './AppHeader';
import { Sidebar } from './Sidebar';
import { SIDEBAR_MINIMIZED_WIDTH, SIDEBAR_WIDTH, useSidebarState } from './useSidebarState';
import classes from './Sidebar.module.css';

/** Signed-in shell: fixed header, collapsible sidebar (overlay below 992px), content area. */
export function AppLayout({ role }: { role: RoleKey }) {
  const sidebar = useSidebarState();
  const { pathname } = useLocation();
  const { closeMobile } = sidebar;
  // A company admin hears at once when an email to one of their people bounced.
  useEmailBouncedToasts(role === 'admin');
  // Customers see at once that a quote needs them: a badge on Quotes and a toast.
  const quotesWaiting = useQuotesAwaitingAnswer(role !== 'superadmin');

  // The mobile overlay closes after any navigation (links close it at once; this covers back/forward).
  useEffect(() => closeMobile(), [pathname, closeMobile]);
  // Issue 27: Esc closes the phone menu (Mantine's menus and drawers close on Esc themselves).
  const { mobileOpen } = sidebar;
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeMobile();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobileOpen, closeMobile]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: { base: SIDEBAR_WIDTH, md: sidebar.minimized ? SIDEBAR_MINIMIZED_WIDTH : SIDEBAR_WIDTH },
        breakpoint: 'md',
        collapsed: { mobile: !sidebar.mobileOpen },
      }}
      padding={{ base: 'md', md: 'xl' }}
      data-sidebar={sidebar.minimized ? 'minimized' : 'expanded'}
    >
      {/* Issue 27: the first Tab stop skips the header and the navigation. */}
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <AppHeader role={role} mobileOpen={sidebar.mobileOpen} onToggleMobile={sidebar.toggleMobile} />
      </AppShell.Header>
      <AppShell.Navbar id="app-sidebar" p="xs" aria-label="Main navigation">
        <Sidebar
          role={role}
          minimized={sidebar.minimized}
          isDesktop={sidebar.isDesktop}
          onToggleMinimized={sidebar.toggleMinimized}
          onNavigate={closeMobile}
          quotesWaiting={quotesWaiting}
        />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" id="main-content" tabIndex={-1}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

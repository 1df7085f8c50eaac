import { notifications } from '@mantine/notifications';
import { queryClient, invalidateCsrfToken, setSigningOut } from '../shared/api';
import { resetStorage } from '../shared/storage';
import { resetAuthStore } from '../features/auth';
import { resetCatalogueStore } from '../features/catalogue/store';
import { useEditStore } from '../features/catalogue/edit/editStore';
import { useOrderCart } from '../features/orders/store';
import { useQuoteDraft } from '../features/quotes/store';

/**
 * The app's module-level state back to a fresh page load. With `isolate: false` every test file of a
 * worker shares one module registry, so what one file leaves here (a toast in Mantine's notifications
 * store, an open order cart, a signed-in auth store, a blocked storage, cached server data) would
 * otherwise reach the next file. Runs after each test (setup.ts), once the tree is unmounted.
 */
export function resetAppState(): void {
  // Mantine portals (modals, drawers, menus) share one node that it appends to <body> on first use and
  // keeps; left in place it sits before the next test's container, and "the dialog's button is the
  // last one" no longer holds. Mantine makes a new one when it is gone.
  document.querySelectorAll('[data-mantine-shared-portal-node]').forEach((node) => node.remove());
  notifications.clean();
  // A test that dispatches `beforeunload` (the edit grid's unload warning) leaves navigation.ts
  // believing the page is being left, so a failed validate would keep the session: the page stayed.
  window.dispatchEvent(new Event('pageshow'));
  resetStorage();
  resetAuthStore();
  resetCatalogueStore();
  useEditStore.getState().reset();
  useOrderCart.setState(useOrderCart.getInitialState(), true);
  useQuoteDraft.setState(useQuoteDraft.getInitialState(), true);
  queryClient.clear();
  invalidateCsrfToken();
  setSigningOut(false);
}

import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { RoleKey } from '@portal/contracts';
import { renderApp, resetClientState } from '../../../test/utils';
import { resetCatalogueStore } from '../store';
import { catalogueServer, type Server } from './fixtures';

export async function openCatalogue(role: RoleKey = 'employee', setup?: (server: Server) => void) {
  resetCatalogueStore();
  const server = catalogueServer(role);
  setup?.(server);
  resetClientState({ session: { token: 'stored.jwt.token', user: server.user } });
  const utils = renderApp(`/${role}/catalog`);
  await screen.findByRole('heading', { level: 1, name: 'Catalog' });
  return { server, ...utils };
}

/** The catalogue opened at `path` (e.g. a shared link with its query) as `role`. */
export async function openCatalogueWithPath(path: string, role: RoleKey = 'employee') {
  resetCatalogueStore();
  const server = catalogueServer(role);
  resetClientState({ session: { token: 'stored.jwt.token', user: server.user } });
  const utils = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Catalog' });
  return { server, ...utils };
}

/** The row action's column (the order's quantity and "Add to order"), left out of the spec's columns. */
const isRowAction = (el: HTMLElement) => el.dataset.column === 'order';

/** Header texts of the table of the product named `name` (the spec's columns). */
export async function headersOf(productName: string): Promise<string[]> {
  const table = await screen.findByRole('table', { name: productName });
  return within(table)
    .getAllByRole('columnheader')
    .filter((th) => !isRowAction(th))
    .map((th) => th.textContent ?? '');
}

/** Body rows of a product table as arrays of cell texts (the spec's columns). */
export function rowsOf(productName: string): string[][] {
  const table = screen.getByRole('table', { name: productName });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .filter((c) => !isRowAction(c))
        .map((c) => c.textContent ?? ''),
    );
}

export async function seriousViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

import { CSRF, json, makeUser, mockFetch, resetClientState, renderApp, type FetchCall } from '../../../../test/utils';
import { resetCatalogueStore } from '../../store';
import { CATEGORIES, SUBS, product, variant } from '../../test/fixtures';
import type { CatalogueProduct, CatalogueVariant } from '../../types';
import { useEditStore } from '../editStore';
import { screen } from '@testing-library/react';

export type Answer = { status: number; body: unknown };

export interface EditServer {
  calls: FetchCall[];
  products: Record<string, CatalogueProduct[]>;
  /** Next answers of PUT …/variants (default: 200 echoing the rows with version + 1). */
  saveAnswers: Answer[];
  saves: () => FetchCall[];
  history: Record<string, unknown[]>;
  /** Stored files by owner (category, sub-category or product id), as `GET …/files` lists them. */
  files: Record<string, { _id: string; name: string; status: string; reason?: string | null; path?: string }[]>;
  /** Product line per category id, as the superadmin view (`?role=superadmin`) shows it. */
  productLines: Record<string, string | null>;
}

export function editProducts(): Record<string, CatalogueProduct[]> {
  /** A row as the superadmin loads it (version 1): the price shown is the list price. */
  const row = (_id: string, part_number: string, list_price: number, over: Partial<CatalogueVariant> = {}) =>
    variant({ _id, part_number, list_price, customer_price: list_price, version: 1, ...over });
  return {
    'sub-m10-1': [
      product('p-1', 'MERV 10 Pleated 1"', 'cat-m10', [
        row('v-a', 'A-1', 10, { display_order: 1 }),
        row('v-b', 'B-2', 20, { size: '20x20x1', actual_size: '19.5 x 19.5 x 0.75', display_order: 2 }),
        row('v-c', 'C-3', 30, { size: '20x25x1', actual_size: '19.5 x 24.5 x 0.75', display_order: 3 }),
      ]),
      product('p-2', 'MERV 10 Box', 'cat-m10', [row('v-z', 'Z-9', 5, { display_order: 1 })]),
    ],
    'sub-m10-2': [],
    'cat-rigid': [product('p-r', 'Rigid Flow Box', 'cat-rigid', [row('v-r', 'RF-1', 88, { display_order: 1 })])],
    'cat-bag': [],
    'cat-poly': [],
  };
}

export function editServer(): EditServer {
  const server: EditServer = {
    calls: [],
    products: editProducts(),
    saveAnswers: [],
    saves: () => server.calls.filter((c) => c.method === 'PUT'),
    history: {},
    files: {},
    productLines: { 'cat-rigid': 'rigidflow' },
  };
  const { calls } = mockFetch((raw, call) => {
    const url = new URL(raw, 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    if (path === 'validate') return json({ status: 200, token: 'fresh.jwt.token', data: makeUser('superadmin') });
    if (path === 'config') return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } });
    if (path === 'csrf-token') return json({ status: 200, token: CSRF });
    if (path === 'catalogue')
      return json({
        status: 200,
        data:
          url.searchParams.get('role') === 'superadmin'
            ? CATEGORIES.map((c) => ({ ...c, product_line: server.productLines[c._id] ?? null }))
            : CATEGORIES,
      });
    let m: RegExpExecArray | null;
    if ((m = /^catalogue\/category\/(.+)$/.exec(path)) && call.method === 'PATCH') {
      server.productLines[m[1]] = (call.body as { product_line: string | null }).product_line;
      return json({ status: 200, message: 'Category updated successfully', data: { _id: m[1] } });
    }
    if ((m = /^catalogue\/subcatalogue\/(.+)$/.exec(path))) return json({ status: 200, data: SUBS[m[1]] ?? [] });
    if ((m = /^catalogue\/product\/([^/]+)\/variants$/.exec(path)) && call.method === 'PUT') {
      const next = server.saveAnswers.shift();
      if (next) return json(next.body, next.status);
      const body = call.body as { variants: (CatalogueVariant & { version?: number })[] };
      const saved = body.variants.map((v, i) => ({
        ...v,
        _id: v._id.startsWith('new_') ? `saved-${i}` : v._id,
        version: (v.version ?? 0) + 1,
        customer_price: v.list_price ?? 0,
      }));
      return json({
        status: 200,
        message: 'All changes saved successfully',
        data: { _id: m[1], name: 'x', variants: saved },
      });
    }
    if ((m = /^catalogue\/product\/([^/]+)\/files$/.exec(path)) && call.method === 'GET')
      return json({ status: 200, data: server.files[m[1]] ?? [] });
    if ((m = /^catalogue\/deletefile\/(.+)$/.exec(path)) && call.method === 'PATCH') {
      const id = m[1];
      for (const k of Object.keys(server.files)) server.files[k] = server.files[k].filter((f) => f._id !== id);
      return json({ status: 200, message: 'File Delete Successfully' });
    }
    if ((m = /^catalogue\/product\/(.+)$/.exec(path)) && call.method === 'GET')
      return json({ status: 200, data: { name: m[1], productDetails: server.products[m[1]] ?? [] } });
    if (path === 'catalogue/product' && call.method === 'POST')
      return json(
        {
          status: 201,
          message: 'Product added successfully',
          data: { _id: 'p-new', name: (call.body as { name: string }).name },
        },
        201,
      );
    if (/^catalogue\/product\/(.+)$/.test(path) && call.method === 'DELETE')
      return json({ status: 200, message: 'ok' });
    if ((m = /^catalogue\/variant\/(.+)\/price-history$/.exec(path)))
      return json({ status: 200, data: server.history[m[1]] ?? [] });
    return json({ status: 404, message: 'not found' }, 404);
  });
  server.calls = calls;
  return server;
}

/** Signed-in superadmin on the catalogue with the mocked API; optionally switched to edit mode. */
export async function openEditor(setup?: (s: EditServer) => void) {
  resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
  resetCatalogueStore();
  useEditStore.getState().reset();
  const server = editServer();
  setup?.(server);
  const utils = renderApp('/superadmin/catalog');
  await screen.findByRole('heading', { level: 1, name: 'Catalog' });
  return { server, ...utils };
}

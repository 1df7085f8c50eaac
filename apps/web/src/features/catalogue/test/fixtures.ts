import type { AccountProfile, RoleKey, SessionUserData } from '@portal/contracts';
import { json, makeUser, mockFetch, type FetchCall } from '../../../test/utils';
import type { CatalogueCategory, CatalogueProduct, CatalogueSubcategory, DisplayVariant } from '../types';
import type { FindRow } from '../../find';

/** The fields that make a variant a standard size or an odd size. */
type Sizing = Pick<DisplayVariant, 'size' | 'actual_size' | 'odd_size' | 'odd_size_type'> & Partial<DisplayVariant>;

let n = 0;

/** A 1" variant in stock at $10 (no area bounds) sized by `sizing`; ids and display order count up. */
function numberedVariant(sizing: Sizing, over: Partial<DisplayVariant>): DisplayVariant {
  n += 1;
  return {
    _id: `v-${n}`,
    part_number: `PN-${n}`,
    depth: 1,
    min_area: null,
    max_area: null,
    out_of_stock: false,
    display_order: n,
    customer_price: 10,
    ...sizing,
    ...over,
  };
}

/** A standard-size variant: 16x25x1 unless `over` says otherwise. */
export function variant(over: Partial<DisplayVariant>): DisplayVariant {
  return numberedVariant(
    { size: '16x25x1', actual_size: '15.5 x 24.5 x 0.75', odd_size: false, odd_size_type: '' },
    over,
  );
}

/** An odd-size variant (made to order, no stock size) as the dimension search answers it. */
export function oddSizeVariant(over: Partial<DisplayVariant>): DisplayVariant {
  return numberedVariant({ size: '', actual_size: '', odd_size: true, odd_size_type: 'SINGLE', match: 'odd' }, over);
}

/** Deliberately out of display order: the screen must sort. */
export const CATEGORIES: CatalogueCategory[] = [
  { _id: 'cat-bag', name: 'Bag Filters', image_url: '/api/files/bag.svg', files: [], has_subcatalogues: false },
  { _id: 'cat-poly', name: 'Polyroll', image_url: null, files: [], has_subcatalogues: false },
  { _id: 'cat-m10', name: 'MERV 10', image_url: '/api/files/m10.svg', files: [], has_subcatalogues: true },
  { _id: 'cat-rigid', name: 'Rigid Flow', image_url: '/api/files/rigid.svg', files: [], has_subcatalogues: false },
];

export const SUBS: Record<string, CatalogueSubcategory[]> = {
  'cat-m10': [
    { _id: 'sub-m10-1', name: '1"', catalogue_id: 'cat-m10', files: [] },
    { _id: 'sub-m10-2', name: '2"', catalogue_id: 'cat-m10', files: [] },
  ],
};

export function product(id: string, name: string, listId: string, variants: DisplayVariant[]): CatalogueProduct {
  return { _id: id, name, catalogue_id: listId, subcatalogue_id: null, image_path: null, variants };
}

export function defaultProducts(): Record<string, CatalogueProduct[]> {
  return {
    'sub-m10-1': [
      product('p-m10-1', 'MERV 10 Pleated 1"', 'cat-m10', [
        variant({
          part_number: 'M10-20201',
          size: '20x20x1',
          actual_size: '19.5 x 19.5 x 0.75',
          display_order: 2,
          customer_price: 9.99,
          out_of_stock: true,
        }),
        variant({ part_number: 'M10-16251', display_order: 1, customer_price: 1234.5, list_price: 2000 }),
      ]),
    ],
    'sub-m10-2': [
      product('p-m10-2', 'MERV 10 Pleated 2"', 'cat-m10', [
        variant({
          part_number: 'M10-16252',
          size: '16x25x2',
          actual_size: '15.5 x 24.5 x 1.75',
          depth: 2,
          customer_price: 12,
        }),
      ]),
    ],
    'cat-rigid': [
      product('p-rigid', 'Rigid Flow Box', 'cat-rigid', [
        variant({ part_number: 'RF-24244', size: '24x24x12', actual_size: '23.4 x 23.4 x 11.5', customer_price: 88.1 }),
      ]),
    ],
    'cat-bag': [
      product('p-bag', 'Bag Filter 8 pocket', 'cat-bag', [variant({ part_number: 'BAG-2424', customer_price: 40 })]),
    ],
    'cat-poly': [],
  };
}

export interface Server {
  calls: FetchCall[];
  products: Record<string, CatalogueProduct[]>;
  /** Part number → product; missing → 404 'Product not found'. */
  partNumbers: Record<string, CatalogueProduct>;
  /** Odd-size search result for every request. */
  searchResult: CatalogueProduct[];
  /** What the find box's engine (`catalogue/find`) answers to every query. */
  findRows: FindRow[];
  failSubcategories: boolean;
  failCategories: boolean;
  /** The signed-in user (stored session and `validate`). */
  user: SessionUserData;
  /** `user/me` (the company details): the profile's company id, or an HTTP failure. */
  profileCompanyId: string | null;
  failProfile: boolean;
  /** Answers other routes (e.g. quote requests) before the 404 fallback. */
  extra?: (path: string, call: FetchCall) => Response | undefined;
  /** Requests to the catalogue API only (path + query). */
  catalogueCalls: () => string[];
}

/** Signed-in `role` with a mocked catalogue API. */
export function catalogueServer(role: RoleKey): Server {
  const server: Server = {
    calls: [],
    products: defaultProducts(),
    partNumbers: {},
    searchResult: [],
    findRows: [],
    failSubcategories: false,
    failCategories: false,
    user: makeUser(role),
    profileCompanyId: role === 'superadmin' ? null : 'company-1',
    failProfile: false,
    catalogueCalls: () => server.calls.map((c) => c.url).filter((u) => u.startsWith('/api/catalogue')),
  };
  const { calls } = mockFetch((raw, call) => {
    const url = new URL(raw, 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    if (path === 'validate') return json({ status: 200, token: 'fresh.jwt.token', data: server.user });
    if (path === 'user/me') {
      if (server.failProfile) return json({ status: 500, message: 'Internal server error' }, 500);
      const profile: AccountProfile = {
        ...server.user,
        company_id: server.profileCompanyId,
        picture: null,
        company_picture: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        last_login: null,
      };
      return json({ status: 200, data: profile });
    }
    if (path === 'config') return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } });
    // A superadmin's "View as company" options.
    if (path === 'company')
      return json({ status: 200, data: { list: [{ _id: 'co-acme', name: 'Acme Air', status: true }], total: 1 } });
    if (path === 'catalogue') {
      if (server.failCategories)
        return json({ status: 400, message: 'Company information not found. Please log in again.' }, 400);
      return json({ status: 200, data: CATEGORIES });
    }
    let m: RegExpExecArray | null;
    if ((m = /^catalogue\/subcatalogue\/(.+)$/.exec(path))) {
      if (server.failSubcategories) return json({ status: 404, message: 'Invalid product ID' }, 404);
      return json({ status: 200, data: SUBS[m[1]] ?? [] });
    }
    if ((m = /^catalogue\/product\/(.+)$/.exec(path)))
      return json({ status: 200, data: { name: m[1], productDetails: server.products[m[1]] ?? [] } });
    if (/^catalogue\/productNumber\//.test(path)) {
      const p = server.partNumbers[url.searchParams.get('partNumber') ?? ''];
      return p ? json({ status: 200, data: p }) : json({ status: 404, message: 'Product not found' }, 404);
    }
    if (/^catalogue\/searchproduct\//.test(path)) return json({ status: 200, data: server.searchResult });
    if (path === 'catalogue/find')
      return json({ status: 200, data: { list: server.findRows, total: server.findRows.length } });
    const extra = server.extra?.(path, call);
    if (extra) return extra;
    return json({ status: 404, message: 'not found' }, 404);
  });
  server.calls = calls;
  return server;
}

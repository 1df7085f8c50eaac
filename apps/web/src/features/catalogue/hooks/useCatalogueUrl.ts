/**
 * The catalogue's view in the URL (Linear's rule: every view has one). The URL carries the category,
 * the sub-category tab, the active search, the product layout and — for a superadmin — the company
 * viewed as; Back, reload and a shared link reopen that view.
 *
 *   ?category={id}&tab={id}&part={part number}
 *   ?category={id}&width=20&height=25&depth=1&exact=1
 *   &view=grid            size grid instead of the tables
 *   &asCompany={id}       superadmin: that company's employee prices
 *
 * The screen state stays in the zustand store (store.ts), which every component reads; this hook is
 * the one place that keeps store and URL in step: URL → store on load and on every navigation, store →
 * URL (a new history entry) when the user picks something. Parameters it does not own are kept.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCatalogueStore, type ActiveSearch, type CatalogueState, type CatalogueUrlState } from '../store';

const KEYS = ['category', 'tab', 'part', 'width', 'height', 'depth', 'exact', 'view', 'asCompany'] as const;

function positive(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function searchOf(params: URLSearchParams): ActiveSearch {
  const part = params.get('part')?.trim();
  if (part) return { kind: 'part', partNumber: part };
  const width = positive(params.get('width'));
  const height = positive(params.get('height'));
  const depth = positive(params.get('depth'));
  if (width === null || height === null || depth === null) return null;
  const action = params.get('exact') === '1' ? 'exact-measurement' : 'not-exactly';
  return { kind: 'dimension', query: { width, height, depth, action } };
}

/** The view a URL's query string names (missing or malformed parts → the default). */
export function parseCatalogueUrl(search: string): CatalogueUrlState {
  const params = new URLSearchParams(search);
  return {
    categoryId: params.get('category') || null,
    subcategoryId: params.get('tab') || null,
    search: searchOf(params),
    layout: params.get('view') === 'grid' ? 'grid' : 'table',
    asCompany: params.get('asCompany') || null,
  };
}

/** The query string for a view; `current` keeps parameters the catalogue does not own. */
export function catalogueUrlSearch(state: CatalogueUrlState, current = ''): string {
  const params = new URLSearchParams(current);
  for (const k of KEYS) params.delete(k);
  if (state.asCompany) params.set('asCompany', state.asCompany);
  if (state.categoryId) params.set('category', state.categoryId);
  if (state.subcategoryId) params.set('tab', state.subcategoryId);
  const s = state.search;
  if (s?.kind === 'part') params.set('part', s.partNumber);
  if (s?.kind === 'dimension') {
    params.set('width', String(s.query.width));
    params.set('height', String(s.query.height));
    params.set('depth', String(s.query.depth));
    if (s.query.action === 'exact-measurement') params.set('exact', '1');
  }
  if (state.layout === 'grid') params.set('view', 'grid');
  const text = params.toString();
  return text ? `?${text}` : '';
}

const urlStateOf = (s: CatalogueState): CatalogueUrlState => ({
  categoryId: s.categoryId,
  subcategoryId: s.subcategoryId,
  search: s.search,
  layout: s.layout,
  asCompany: s.asCompany,
});

const sameView = (a: CatalogueUrlState, b: CatalogueUrlState) => catalogueUrlSearch(a) === catalogueUrlSearch(b);

function applyUrl(search: string): void {
  const fromUrl = parseCatalogueUrl(search);
  const store = useCatalogueStore.getState();
  if (!sameView(fromUrl, urlStateOf(store))) store.applyUrlState(fromUrl);
}

/** Mounted once by the catalogue page. */
export function useCatalogueUrlSync(): void {
  const location = useLocation();
  const navigate = useNavigate();
  // The first render already shows the URL's view (no request for the default view first).
  useState(() => applyUrl(location.search));
  const where = useRef({ pathname: location.pathname, search: location.search });
  useEffect(() => {
    where.current = { pathname: location.pathname, search: location.search };
  }, [location.pathname, location.search]);

  // URL → store: Back/Forward, a pasted link.
  useEffect(() => applyUrl(location.search), [location.search]);

  // Store → URL: a choice on the screen is a new history entry.
  useEffect(
    () =>
      useCatalogueStore.subscribe((state, prev) => {
        const next = urlStateOf(state);
        if (sameView(next, urlStateOf(prev))) return;
        const { pathname, search } = where.current;
        if (sameView(next, parseCatalogueUrl(search))) return;
        const nextSearch = catalogueUrlSearch(next, search);
        // The address it is going to, at once: a change before the router has rendered this one
        // (a search set when an answer arrives, then Reset) is compared with it, not with the old one.
        where.current = { pathname, search: nextSearch };
        void navigate({ pathname, search: nextSearch });
      }),
    [navigate],
  );
}

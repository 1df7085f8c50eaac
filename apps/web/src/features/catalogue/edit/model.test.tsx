import { describe, expect, it } from 'vitest';
import type { EditorVariant } from '@portal/contracts';
import type { CatalogueVariant } from '../types';
import { variant } from '../test/fixtures';
import { useEditStore } from './editStore';
import {
  buildSaveBody,
  computeStatuses,
  emptyRow,
  hasNewerRows,
  knownVersions,
  mapSaveErrors,
  moveRow,
  rebaseRows,
  rowsFromVariants,
  takeTheirs,
  toGridRow,
  updateStatuses,
} from './model';

const v = (id: string, order: number, over: Partial<CatalogueVariant> = {}): EditorVariant => ({
  ...variant({ _id: id, part_number: `PN-${id}`, display_order: order }),
  list_price: 10,
  version: 1,
  ...over,
});

describe('edit grid model', () => {
  it('maps 400 errors by index of the sent variants to row ids', () => {
    const rows = rowsFromVariants([v('a', 1), v('b', 2), v('c', 3)]);
    rows[0] = { ...rows[0], _deleted: true };
    const body = buildSaveBody(rows);
    expect(body.deleted).toEqual([{ _id: 'a', version: 1 }]);
    expect(mapSaveErrors({ '0.part_number': 'dup', '1.list_price': 'bad', '7.size': 'x', junk: 'y' }, body)).toEqual({
      b: { part_number: 'dup' },
      c: { list_price: 'bad' },
    });
  });

  it('moveRow renumbers from 1 and keeps untouched rows identical', () => {
    const rows = rowsFromVariants([v('a', 1), v('b', 2), v('c', 3), v('d', 4)]);
    const next = moveRow(rows, 3, 2);
    expect(next.map((r) => [r._id, r.display_order])).toEqual([
      ['a', 1],
      ['b', 2],
      ['d', 3],
      ['c', 4],
    ]);
    expect(next[0]).toBe(rows[0]);
  });

  it('updateStatuses re-checks only replaced rows and agrees with a full pass', () => {
    const rows = rowsFromVariants([v('a', 1), v('b', 2), v('c', 3)]);
    const originals = new Map(rows.map((r) => [r._id, r]));
    const none = computeStatuses(rows, originals);
    // b edited, then c marked deleted
    const edited = [rows[0], { ...rows[1], size: '20x20x1' }, rows[2]];
    const s1 = updateStatuses(none, rows, edited, originals);
    expect([...s1]).toEqual([['b', 'edited']]);
    const deleted = [edited[0], edited[1], { ...rows[2], _deleted: true }];
    const s2 = updateStatuses(s1, edited, deleted, originals);
    expect(s2).toEqual(computeStatuses(deleted, originals));
    // an edit that keeps b's status keeps the same map; typing b back to its value clears it
    const again = [deleted[0], { ...deleted[1], size: '24x24x1' }, deleted[2]];
    expect(updateStatuses(s2, deleted, again, originals)).toBe(s2);
    const back = [again[0], { ...again[1], size: rows[1].size }, again[2]];
    expect([...updateStatuses(s2, again, back, originals)]).toEqual([['c', 'deleted']]);
    // rows added or replaced by other ids: a full pass
    const added = [...back, emptyRow(4)];
    expect(updateStatuses(s2, back, added, originals)).toEqual(computeStatuses(added, originals));
    const swapped = [back[1], back[0], back[2]];
    expect(updateStatuses(s2, back, swapped, originals)).toEqual(computeStatuses(swapped, originals));
  });

  it('takeTheirs replaces conflicting rows and drops rows deleted by someone else', () => {
    const rows = rowsFromVariants([v('a', 1), v('b', 2)]).map((r) => ({ ...r, out_of_stock: true }));
    const originals = new Map(rowsFromVariants([v('a', 1), v('b', 2)]).map((r) => [r._id, r]));
    const out = takeTheirs(rows, originals, [
      { _id: 'a', part_number: 'PN-a', current: v('a', 1, { list_price: 50, version: 3 }) },
      { _id: 'b', part_number: 'PN-b', current: null },
    ]);
    expect(out.rows.map((r) => [r._id, r.list_price, r.version, r.out_of_stock])).toEqual([['a', 50, 3, false]]);
    expect(out.originals.has('b')).toBe(false);
  });

  it('rebase keeps my edited and new rows, takes fresh data for the rest', () => {
    const loaded = rowsFromVariants([v('a', 1), v('b', 2)]);
    const originals = new Map(loaded.map((r) => [r._id, r]));
    const mine = [{ ...loaded[0], part_number: 'MINE' }, loaded[1], { ...loaded[1], _id: 'new_x', version: undefined }];
    const out = rebaseRows(mine, originals, [
      v('a', 1, { list_price: 99, version: 2 }),
      v('b', 2, { list_price: 77, version: 2 }),
    ]);
    expect(out.rows.map((r) => [r._id, r.part_number, r.list_price, r.version])).toEqual([
      ['a', 'MINE', 10, 1],
      ['b', 'PN-b', 77, 2],
      ['new_x', 'PN-b', 10, undefined],
    ]);
  });

  it('toGridRow reads dollars exactly and normalises the odd-size type', () => {
    expect(toGridRow(v('a', 1, { list_price: 1234.5, odd_size_type: 'double' as never }))).toMatchObject({
      list_price: 1234.5,
      odd_size_type: 'DOUBLE',
    });
  });

  it('5,000 rows: a cell change is tracked in well under a frame', () => {
    const many = Array.from({ length: 5000 }, (_, i) => v(`r${i}`, i + 1));
    useEditStore.getState().load('p', many);
    const rows = useEditStore.getState().rows;
    const t0 = performance.now();
    for (let k = 0; k < 20; k++) {
      const next = [...useEditStore.getState().rows];
      next[k * 100] = { ...next[k * 100], part_number: `X${k}` };
      useEditStore.getState().gridChange(next, [k * 100]);
    }
    const perChange = (performance.now() - t0) / 20;
    expect(useEditStore.getState().statuses.size).toBe(20);
    expect(useEditStore.getState().rows[1]).toBe(rows[1]);
    expect(perChange).toBeLessThan(16);
    useEditStore.getState().reset();
  });
});

describe('hasNewerRows (someone else saved, told by versions)', () => {
  const v = (id: string, version: number) => ({ _id: id, version, part_number: id }) as unknown as CatalogueVariant;
  const known = knownVersions([v('a', 2), v('b', 5)]);
  it('flags a newer version or a row we never saw', () => {
    expect(hasNewerRows([v('a', 3), v('b', 5)], known)).toBe(true);
    expect(hasNewerRows([v('a', 2), v('b', 5), v('c', 1)], known)).toBe(true);
  });
  it('ignores the same or a stale (older) refetch', () => {
    expect(hasNewerRows([v('a', 2), v('b', 5)], known)).toBe(false);
    expect(hasNewerRows([v('a', 1), v('b', 4)], known)).toBe(false);
  });
});

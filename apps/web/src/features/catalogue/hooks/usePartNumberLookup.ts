import { useShallow } from 'zustand/react/shallow';
import { fetchFind, type FindRow } from '../../find';
import { useCatalogueStore } from '../store';

const listOf = (r: FindRow) => r.subcategory?._id ?? r.category._id;

/**
 * The spec's part-number box with the find box's engine: the part is looked up in the whole
 * catalogue (quietly: the open list's look-up below is what the demand report counts, once); found in
 * another category or tab, that one opens with the part shown. Only a part found nowhere is a miss.
 */
export function usePartNumberLookup(listId: string, asCompany: string | null) {
  const store = useCatalogueStore(
    useShallow((s) => ({
      selectCategory: s.selectCategory,
      selectSubcategory: s.selectSubcategory,
      setPartNumber: s.setPartNumber,
      setSearch: s.setSearch,
    })),
  );
  return async (partNumber: string) => {
    let hit: FindRow | undefined;
    try {
      const answer = await fetchFind(partNumber, { typing: true, asCompany });
      const parts = answer.list.filter((r) => r.matched_via !== 'size');
      hit = parts.find((r) => listOf(r) === listId) ?? parts[0];
    } catch {
      // The open list's own look-up still answers.
    }
    if (hit && listOf(hit) !== listId) {
      store.selectCategory(hit.category._id);
      if (hit.subcategory) store.selectSubcategory(hit.subcategory._id);
      store.setPartNumber(partNumber);
    }
    store.setSearch({ kind: 'part', partNumber: hit ? hit.part_number : partNumber });
  };
}

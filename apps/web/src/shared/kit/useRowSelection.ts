import { useCallback, useMemo, useState } from 'react';

/**
 * Ticked row ids for a UsersTable. Ids no longer among `rowIds` (deleted, filtered, paged away) drop out
 * automatically, so the bulk-delete button never acts on rows the user cannot see.
 */
export function useRowSelection(rowIds: readonly string[]) {
  const [raw, setRaw] = useState<string[]>([]);
  const selected = useMemo(() => raw.filter((id) => rowIds.includes(id)), [raw, rowIds]);
  const clear = useCallback(() => setRaw([]), []);
  return { selected, setSelected: setRaw, clear };
}

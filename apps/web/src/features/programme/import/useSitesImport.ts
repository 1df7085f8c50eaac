import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../shared/realtime';
import { fetchSitesImport, sitesImportKeys } from './api';

const RUNNING = new Set(['queued', 'validating']);

/** A programme import's state: polled while the worker's dry run runs, refreshed at once by `import.progress`. */
export function useSitesImport(id: string | null) {
  const qc = useQueryClient();
  const [errorsPage, setErrorsPage] = useState(1);
  const [done, setDone] = useState(0);
  const query = useQuery({
    queryKey: sitesImportKeys.page(id, errorsPage),
    queryFn: () => fetchSitesImport(id!, errorsPage),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data && !RUNNING.has(q.state.data.status) ? false : 1000),
  });
  useRealtimeEvent('import.progress', (e) => {
    if (e.id !== id) return;
    setDone(e.done);
    if (!RUNNING.has(e.status)) void qc.invalidateQueries({ queryKey: sitesImportKeys.one(id) });
  });
  const view = query.data ?? null;
  return {
    view,
    running: !!id && (!view || RUNNING.has(view.status)),
    done: Math.max(done, view?.done ?? 0),
    errorsPage,
    setErrorsPage,
    error: query.error,
  };
}

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '../queryKeys';
import type { ClientEventMap } from '@portal/contracts';
import { useRealtimeEvent } from '../../../shared/realtime';
import { fetchImport } from './api';
import { DRY_RUN_PAGE_SIZE } from '../../../shared/kit';

const RUNNING = new Set(['queued', 'validating', 'applying']);

/** An import's state: polled while the worker runs, refreshed at once by `import.progress` pushes. */
export function useImportStatus(id: string | null) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [errorsPage, setErrorsPage] = useState(1);
  const [progress, setProgress] = useState<ClientEventMap['import.progress'] | null>(null);
  const query = useQuery({
    queryKey: catalogueKeys.imports.page(id, page, errorsPage),
    queryFn: () => fetchImport(id!, page, errorsPage, DRY_RUN_PAGE_SIZE),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data && !RUNNING.has(q.state.data.status) ? false : 1500),
  });
  useRealtimeEvent('import.progress', (e) => {
    if (e.id !== id) return;
    setProgress(e);
    if (!RUNNING.has(e.status)) void qc.invalidateQueries({ queryKey: catalogueKeys.imports.one(id) });
  });
  const view = query.data ?? null;
  const status = view?.status ?? 'queued';
  return {
    view,
    status,
    running: !view || RUNNING.has(status),
    progress: progress && progress.status === status ? progress : null,
    page,
    errorsPage,
    setPage,
    setErrorsPage,
    refetch: () => qc.invalidateQueries({ queryKey: catalogueKeys.imports.one(id) }),
    error: query.error,
  };
}

import { useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications as toasts } from '@mantine/notifications';
import { Box, Text } from '@mantine/core';
import { serverMessage } from '../../../shared/api';
import { useRealtimeEvent } from '../../../shared/realtime';
import { ListSearchInput, Pagination, useListSearch } from '../../../shared/kit';
import { useCompanyOptions } from '../../users/useCompanyOptions';
import { auditApi, auditKeys, EMPTY_FILTERS, type AuditFilters } from '../api';
import { AuditFiltersBar } from './AuditFiltersBar';
import { AuditTable } from './AuditTable';

const PAGE_SIZE = 25;

/**
 * The filtered, paged list (newest first) with CSV export. `superadmin`: every company, a company
 * filter and live updates; `admin`: the server limits it to the admin's own company.
 */
export function AuditLogView({ scope }: { scope: 'superadmin' | 'admin' }) {
  const queryClient = useQueryClient();
  const [picked, setFilters] = useState<AuditFilters>(EMPTY_FILTERS);
  const search = useListSearch();
  // Free text: who acted, the action, the record's name. The page belongs to a search.
  const filters = useMemo(() => ({ ...picked, search: search.term }), [picked, search.term]);
  const [paged, setPaged] = useState({ term: search.term, page: 1 });
  const page = paged.term === search.term ? paged.page : 1;
  const setPage = (next: number) => setPaged({ term: search.term, page: next });
  const superadmin = scope === 'superadmin';

  const list = useQuery({
    queryKey: auditKeys.list(filters, page, PAGE_SIZE),
    queryFn: () => auditApi.list(filters, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const companies = useCompanyOptions(superadmin);
  const companyOptions = useMemo(
    () => (companies.data ?? []).map((c) => ({ value: c._id, label: c.name })),
    [companies.data],
  );
  const companyNames = useMemo(() => new Map(companyOptions.map((c) => [c.value, c.label])), [companyOptions]);

  // New entries: the list refetches (the event carries no entry data).
  useRealtimeEvent('audit.created', () => void queryClient.invalidateQueries({ queryKey: auditKeys.all }), superadmin);

  const change = (next: AuditFilters) => {
    const { search: _term, ...rest } = next;
    setFilters({ ...rest, search: '' });
    setPage(1);
  };
  const exportCsv = useMutation({
    mutationFn: () => auditApi.exportCsv(filters),
    onError: (err) => toasts.show({ color: 'red', message: serverMessage(err, 'Export failed') }),
  });

  const rows = list.isError ? [] : (list.data?.list ?? []);
  const total = list.isError ? 0 : (list.data?.total ?? 0);
  return (
    <div>
      <Box mb="sm">
        <ListSearchInput
          value={search.input}
          onChange={search.setInput}
          label="Search the audit log"
          placeholder="Search who, action or record name"
        />
      </Box>
      <AuditFiltersBar
        filters={filters}
        onChange={change}
        companies={superadmin ? companyOptions : undefined}
        onExport={() => exportCsv.mutate()}
        exporting={exportCsv.isPending}
      />
      {list.isError && (
        <Text c="red.8" mb="sm" role="alert">
          {serverMessage(list.error, 'Could not load the entries.')}
        </Text>
      )}
      <Text size="sm" mb="xs" aria-live="polite">
        {total} {total === 1 ? 'entry' : 'entries'}
      </Text>
      <AuditTable
        rows={rows}
        loading={list.isLoading}
        companyNames={superadmin ? companyNames : undefined}
        onActor={(id, name) => change({ ...filters, actor_id: id, actor_name: name })}
        onRecord={(entity, id) => change({ ...filters, entity, entity_id: id })}
      />
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
    </div>
  );
}

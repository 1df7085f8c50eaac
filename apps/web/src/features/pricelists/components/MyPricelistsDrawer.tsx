import { Drawer, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import type { PricelistView } from '@portal/contracts';
import { ColumnTable, type TableColumn } from '../../../shared/column-table';
import { formatDateTime } from '../../../shared/format';
import { usePricelists } from '../hooks';
import { DownloadButton, FORMAT_LABEL, StatusCell } from './PricelistStatus';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Only lists for this company (the superadmin's company page). */
  companyId?: string;
  /** 'My price lists', or on a company's page 'Price lists for {company}'. */
  title?: string;
}

/* The list's name and its download come first: on a phone the rest scrolls, the download does not. */
const COLUMNS: TableColumn<PricelistView>[] = [
  {
    header: 'Price list',
    cell: (l) => (
      <>
        <Text size="sm">{l.scope_name}</Text>
        <Text size="xs" c="dimmed">
          {l.company_name} · expires {formatDateTime(l.expires_at)}
        </Text>
      </>
    ),
  },
  {
    header: <VisuallyHidden>Download</VisuallyHidden>,
    cell: (l) => l.status === 'ready' && <DownloadButton list={l} />,
  },
  { header: 'Status', cell: (l) => <StatusCell list={l} />, cellProps: { style: { whiteSpace: 'nowrap' } } },
  { header: 'Format', cell: (l) => FORMAT_LABEL[l.format] },
  { header: 'Rows', cell: (l) => (l.status === 'ready' ? l.rows : '—') },
  { header: 'Requested', cell: (l) => formatDateTime(l.created_at) },
];

/** "My price lists": the caller's last 20 lists, newest first, with live status and downloads. */
export function MyPricelistsDrawer({ opened, onClose, companyId, title = 'My price lists' }: Props) {
  const lists = usePricelists(companyId, opened);
  const data = lists.data ?? [];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': `Close ${title.toLowerCase()}` }}
    >
      {lists.isPending ? (
        <Loader aria-label="Loading price lists" />
      ) : data.length === 0 ? (
        <Text c="dimmed">No price lists yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <ColumnTable
            striped
            verticalSpacing="xs"
            aria-label={title}
            rows={data}
            columns={COLUMNS}
            rowKey={(l) => l._id}
            rowTestId="pricelist-row"
          />
        </Table.ScrollContainer>
      )}
    </Drawer>
  );
}

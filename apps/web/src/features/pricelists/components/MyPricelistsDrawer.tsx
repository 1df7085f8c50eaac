import { Drawer, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
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
          <Table striped verticalSpacing="xs" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Requested</Table.Th>
                <Table.Th>Price list</Table.Th>
                <Table.Th>Format</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Rows</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Download</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((l) => (
                <Table.Tr key={l._id} data-testid="pricelist-row">
                  <Table.Td>{formatDateTime(l.created_at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{l.scope_name}</Text>
                    <Text size="xs" c="dimmed">
                      {l.company_name} · expires {formatDateTime(l.expires_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{FORMAT_LABEL[l.format]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <StatusCell list={l} />
                  </Table.Td>
                  <Table.Td>{l.status === 'ready' ? l.rows : '—'}</Table.Td>
                  <Table.Td>{l.status === 'ready' && <DownloadButton list={l} />}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Drawer>
  );
}

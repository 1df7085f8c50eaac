import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Badge, Box, Button, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronRight, IconTrash } from '@tabler/icons-react';
import type { UserRow } from '@portal/contracts';
import { invitationBadge } from '@portal/domain';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateTime } from '../format';
import { EmailStatusBadge } from './EmailStatusBadge';
import stackedClasses from './StackedTable.module.css';

/** Below this width the list tables stack their rows (StackedTable.module.css uses the same). */
export const STACKED_QUERY = '(max-width: 36em)';

/** Any row with an id; the built-in columns read the UserRow fields they need. */
export type UsersTableRow = { _id: string } & Partial<UserRow>;

export interface UserColumn<T extends UsersTableRow> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
}

/** Built-in columns: 'username' | 'companyName' ('Company name') | 'email' | 'role' | 'status' | 'lastLogin' | 'link'. */
export type UserColumnKey = 'username' | 'companyName' | 'email' | 'role' | 'status' | 'lastLogin' | 'link';

export function StatusBadge({ active }: { active: boolean | undefined }) {
  return (
    <Badge color={active ? 'teal.9' : 'gray.7'} variant="filled">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** Issue 27: an invited person shows *Invited* (or how the invitation ended) instead of Active. */
export function UserStatusBadge({ row }: { row: Partial<Pick<UserRow, 'status' | 'invitation'>> }) {
  const invited = invitationBadge(row.invitation?.status);
  if (!invited) return <StatusBadge active={row.status} />;
  return (
    <Badge color={row.invitation?.status === 'pending' ? 'blue.8' : 'red.9'} variant="filled">
      {invited}
    </Badge>
  );
}

/** The most recent sign-in (`last_login` is the one before it). */
export const lastSignIn = (r: Partial<Pick<UserRow, 'current_login' | 'last_login'>>) =>
  r.current_login ?? r.last_login ?? null;

/** A click on a row's own controls (checkbox, buttons, links) is not a click on the row. */
function fromControl(e: MouseEvent): boolean {
  return !!(e.target as HTMLElement).closest('a, button, input, label, select, textarea, [role="menuitem"]');
}

function builtIn<T extends UsersTableRow>(
  key: UserColumnKey,
  rowHref?: (row: T) => string,
  statusExtra?: (row: T) => ReactNode,
): UserColumn<T> {
  switch (key) {
    case 'username':
      return { key, header: 'Username', render: (r) => r.username };
    case 'companyName':
      return { key, header: 'Company name', render: (r) => r.companyName ?? 'N/A' };
    case 'email':
      return {
        key,
        header: 'Email',
        render: (r) => (
          <>
            {r.email} <EmailStatusBadge userId={r._id} status={r.email_status} />
          </>
        ),
      };
    case 'role':
      return { key, header: 'Role', render: (r) => r.role_name ?? r.role_key };
    case 'status':
      return {
        key,
        header: 'Status',
        render: (r) => (
          <Group gap={6} wrap="nowrap">
            <UserStatusBadge row={r} />
            {statusExtra?.(r)}
          </Group>
        ),
      };
    case 'lastLogin':
      return { key, header: 'Last login', render: (r) => formatDateTime(lastSignIn(r)) };
    case 'link':
      return {
        key,
        header: <VisuallyHidden>Details</VisuallyHidden>,
        render: (r) =>
          rowHref ? (
            <Anchor component={Link} to={rowHref(r)} aria-label={`View ${r.username ?? 'user'}`}>
              <IconChevronRight size={18} aria-hidden />
            </Anchor>
          ) : null,
      };
  }
}

export interface UsersTableProps<T extends UsersTableRow> {
  rows: T[];
  /** Built-in keys and/or custom columns, in display order. */
  columns: (UserColumnKey | UserColumn<T>)[];
  /** Ticked ids (controlled; see useRowSelection). */
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
  /** Target of the 'link' column (e.g. `/superadmin/administrators/${row._id}`). */
  rowHref?: (row: T) => string;
  /** Shown instead of rows when there are none. Default 'No User found.' */
  emptyText?: string;
  loading?: boolean;
  /** Renders the bulk-delete button (enabled while ≥ 1 row is ticked) and calls this with the ticked ids. */
  onBulkDelete?: (ids: string[]) => void;
  bulkDeleteLabel?: string;
  /** Left side of the toolbar above the table (status filter, add buttons, …). */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label?: string;
  /** Noun for select checkboxes ("Select {username}"). */
  rowName?: (row: T) => string;
  /** Beside the status badge (e.g. Resend / Revoke of a pending invitation). */
  statusExtra?: (row: T) => ReactNode;
}

/** Selectable users table with select-all, configurable columns, toolbar and bulk delete. */
export function UsersTable<T extends UsersTableRow>({
  rows,
  columns,
  selected,
  onSelectedChange,
  rowHref,
  emptyText = 'No User found.',
  loading = false,
  onBulkDelete,
  bulkDeleteLabel = 'Delete selected',
  toolbar,
  label = 'Users',
  rowName = (r) => r.username ?? r._id,
  statusExtra,
}: UsersTableProps<T>) {
  const navigate = useNavigate();
  const phone = useMediaQuery(STACKED_QUERY) ?? false;
  const cols = columns.map((c) => (typeof c === 'string' ? builtIn<T>(c, rowHref, statusExtra) : c));
  const ids = rows.map((r) => r._id);
  const ticked = new Set(selected);
  const allTicked = rows.length > 0 && ids.every((id) => ticked.has(id));
  const someTicked = ids.some((id) => ticked.has(id));

  const toggle = (id: string) =>
    onSelectedChange(ticked.has(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const toggleAll = () => onSelectedChange(allTicked ? [] : ids);

  return (
    <Box>
      {(toolbar || onBulkDelete) && (
        <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
          <Group gap="sm">{toolbar}</Group>
          {onBulkDelete && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={selected.length === 0}
              onClick={() => onBulkDelete(selected)}
            >
              {bulkDeleteLabel}
            </Button>
          )}
        </Group>
      )}
      <Table.ScrollContainer minWidth={phone ? 0 : 640}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={label}
          aria-busy={loading || undefined}
          className={stackedClasses.stacked}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all"
                  checked={allTicked}
                  indeterminate={someTicked && !allTicked}
                  disabled={rows.length === 0}
                  onChange={toggleAll}
                />
              </Table.Th>
              {cols.map((c) => (
                <Table.Th key={c.key}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={cols.length + 1}>
                  <Text ta="center" c="dimmed" py="lg">
                    {loading ? 'Loading…' : emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr
                  key={row._id}
                  bg={ticked.has(row._id) ? 'var(--mantine-color-blue-light)' : undefined}
                  // Issue 27: the whole row opens the record (the chevron link stays for keyboards).
                  onClick={rowHref ? (e) => !fromControl(e) && void navigate(rowHref(row)) : undefined}
                  style={rowHref ? { cursor: 'pointer' } : undefined}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${rowName(row)}`}
                      checked={ticked.has(row._id)}
                      onChange={() => toggle(row._id)}
                    />
                  </Table.Td>
                  {cols.map((c) => (
                    <Table.Td key={c.key} data-label={typeof c.header === 'string' ? c.header : undefined}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

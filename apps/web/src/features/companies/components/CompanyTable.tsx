import { ActionIcon, Anchor, Table, Tooltip, UnstyledButton, Group, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconChevronDown, IconChevronUp, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { CompanyListItem } from '@portal/contracts';
import type { CompanySortField } from '@portal/domain';
import type { SortOrder } from '../api';
import { formatDate, formatMultiplier } from '../format';
import { SORT_LABELS } from '../sort';
import { companyEditPath, companyPath } from './CompanyCard';
import { useMediaQuery } from '@mantine/hooks';
import { STACKED_QUERY, StatusBadge, stackedTable } from '../../../shared/kit';

interface Props {
  companies: CompanyListItem[];
  sortBy: CompanySortField;
  sortOrder: SortOrder;
  onSort: (field: CompanySortField) => void;
}

const COLUMNS: CompanySortField[] = [
  'name',
  'discount_percentage',
  'status',
  'total_admins',
  'total_employees',
  'createdAt',
];

function SortHeader({ field, sortBy, sortOrder, onSort }: Omit<Props, 'companies'> & { field: CompanySortField }) {
  const active = field === sortBy;
  const Icon = !active ? IconArrowsSort : sortOrder === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {SORT_LABELS[field]}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** List view of the companies with sortable headers. */
export function CompanyTable({ companies, ...sort }: Props) {
  const navigate = useNavigate();
  // Issue 27: on a phone the rows stack, so status and counts stay readable without scrolling.
  const phone = useMediaQuery(STACKED_QUERY) ?? false;
  const label = (f: CompanySortField) => SORT_LABELS[f];
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 760}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Companies" className={stackedTable.plain}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((f) => (
              <SortHeader key={f} field={f} {...sort} />
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.map((c) => (
            <Table.Tr key={c._id} style={{ cursor: 'pointer' }} onClick={() => void navigate(companyPath(c._id))}>
              <Table.Td>
                <Anchor component={Link} to={companyPath(c._id)} onClick={(e) => e.stopPropagation()} fw={600}>
                  {c.name}
                </Anchor>
              </Table.Td>
              <Table.Td data-label={label('discount_percentage')}>{formatMultiplier(c.discount_percentage)}</Table.Td>
              <Table.Td data-label={label('status')}>
                <StatusBadge active={c.status} />
              </Table.Td>
              <Table.Td data-label={label('total_admins')}>{c.total_admins}</Table.Td>
              <Table.Td data-label={label('total_employees')}>{c.total_employees}</Table.Td>
              <Table.Td data-label={label('createdAt')}>{formatDate(c.createdAt)}</Table.Td>
              <Table.Td>
                <Tooltip label="Edit company" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit ${c.name}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      void navigate(companyEditPath(c._id));
                    }}
                  >
                    <IconSettings size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

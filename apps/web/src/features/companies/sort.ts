import type { CompanySortField } from '@portal/domain';

/** Sort columns of the companies list; discount_percentage is labelled Multiplier. */
export const SORT_LABELS: Record<CompanySortField, string> = {
  name: 'Name',
  discount_percentage: 'Multiplier',
  status: 'Status',
  total_admins: 'Administrators',
  total_employees: 'Employees',
  createdAt: 'Date Created',
};

export const SORT_OPTIONS = (Object.keys(SORT_LABELS) as CompanySortField[]).map((value) => ({
  value,
  label: SORT_LABELS[value],
}));

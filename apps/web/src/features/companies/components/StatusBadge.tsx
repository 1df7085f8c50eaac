import { Badge } from '@mantine/core';

/** Active / Inactive badge of a company or user (spec §4: status is a boolean). */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

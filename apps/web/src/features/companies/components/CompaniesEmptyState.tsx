import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingOff, IconSearchOff } from '@tabler/icons-react';
import { ORG_MSG } from '@portal/domain';

/** The two empty states of the companies list. */
export function CompaniesEmptyState({ search, onClear }: { search: string; onClear: () => void }) {
  const searching = search !== '';
  const Icon = searching ? IconSearchOff : IconBuildingOff;
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <Icon size={40} aria-hidden color="var(--mantine-color-gray-5)" />
        <Title order={2} fz="lg">
          {searching ? ORG_MSG.empty.noCompaniesFound : ORG_MSG.empty.noCompanies}
        </Title>
        <Text c="dimmed" ta="center">
          {searching ? ORG_MSG.empty.noResultsFor(search) : ORG_MSG.empty.noCompaniesText}
        </Text>
        {searching && (
          <Button variant="light" onClick={onClear} mt="xs">
            Clear Search
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

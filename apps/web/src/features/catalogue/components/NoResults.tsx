import { Button, Paper, Stack, Text } from '@mantine/core';
import { CATALOGUE_MSG } from '@portal/domain';

/** Empty result: the text and, while a search is active, a Reset button. */
export function NoResults({ onReset }: { onReset?: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="md">
        <Text ta="center" role="status">
          {CATALOGUE_MSG.noResults}
        </Text>
        {onReset && (
          <Button variant="light" onClick={onReset}>
            Reset
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { copyText } from '../../../shared/form';

/** Recovery codes, shown once: copy or download them now. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const text = `Filter Portal recovery codes\n\n${codes.join('\n')}\n\nEach code signs you in once.\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'filter-portal-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" title="Save your recovery codes">
        Each code signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <SimpleGrid
          cols={2}
          spacing="xs"
          component="ul"
          aria-label="Recovery codes"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {codes.map((c) => (
            <Text key={c} component="li" ff="monospace" fz="md">
              {c}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => void copyText(codes.join('\n'))}
        >
          Copy codes
        </Button>
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          Download
        </Button>
      </Group>
    </Stack>
  );
}

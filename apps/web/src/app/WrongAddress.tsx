import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';

/** Shown instead of the app when the page was opened at an address the API does not accept. */
export function WrongAddress({ publicUrl }: { publicUrl: string }) {
  const target = publicUrl + window.location.pathname + window.location.search;
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" radius="md" maw={560}>
        <Stack>
          <Title order={1} size="h2">
            Open the portal at its own address
          </Title>
          <Text>
            You opened this page at {window.location.origin}, but this portal only accepts sign-ins at{' '}
            <strong>{publicUrl}</strong> (its configured PUBLIC_URL).
          </Text>
          <Text>
            <Anchor href={target}>Continue to {publicUrl}</Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

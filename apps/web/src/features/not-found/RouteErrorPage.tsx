import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';

/** Router error boundary: a failed lazy chunk (after a deploy) or an unexpected render error. */
export default function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1} fz={28}>
          Something went wrong
        </Title>
        <Text c="dimmed">This page could not be displayed. Reloading usually fixes it.</Text>
        {detail && (
          <Text size="sm" c="dimmed" ff="monospace">
            {detail}
          </Text>
        )}
        <Group mt="md">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="default" component={Link} to="/">
            Go to sign in
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { HOME_BY_ROLE } from '@portal/contracts';
import { useAuthStore } from '../auth';

/** Unknown routes. Links to the user's area when signed in, else to sign-in. */
export default function NotFoundPage() {
  const role = useAuthStore((s) => (s.loggedIn ? s.role : null));
  useEffect(() => {
    document.title = 'Page Not Found · Filter Portal';
  }, []);
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Text fz={64} fw={800} c="brand.7" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz={28}>
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={role ? HOME_BY_ROLE[role] : '/'} mt="md">
          {role ? 'Go to home page' : 'Go to sign in'}
        </Button>
      </Stack>
    </Center>
  );
}

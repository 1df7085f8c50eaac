import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { HOME_BY_ROLE } from '@portal/contracts';
import { getStoredToken } from '../../../shared/storage';
import { FullPageLoader } from '../../../shared/ui';
import { LoginForm } from '../components/LoginForm';
import { StorageNotice } from '../components/StorageNotice';
import { clearSession, validateSession } from '../session';
import { useAuthStore } from '../store';

/** Sign-in at '/' and '/login' (spec §2). A signed-in user is redirected to their area. */
export default function LoginPage() {
  const loggedIn = useAuthStore((s) => s.loggedIn);
  const role = useAuthStore((s) => s.role);
  const [checking, setChecking] = useState(() => !loggedIn && !!getStoredToken());

  useEffect(() => {
    document.title = 'Sign In · Filter Portal';
  }, []);

  useEffect(() => {
    if (!checking) return;
    let cancelled = false;
    validateSession({ silent: true })
      .catch(() => clearSession())
      .finally(() => {
        if (!cancelled) setChecking(false);
      });
    return () => {
      cancelled = true;
    };
  }, [checking]);

  if (loggedIn && role) return <Navigate to={HOME_BY_ROLE[role]} replace />;
  if (checking) return <FullPageLoader label="Checking your session" />;

  return (
    <Stack maw={420} mx="auto" w="100%" gap="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} fz={26}>
            Sign In
          </Title>
          <Text c="dimmed" size="sm">
            Sign in to browse your company’s filter catalogue and pricing.
          </Text>
        </Stack>
        <LoginForm />
      </Paper>
      <StorageNotice />
    </Stack>
  );
}

import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

/** Sets the browser tab title for the screen's lifetime. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Filter Portal`;
  }, [title]);
}

/** The centred card of the signed-out screens: its h1, an optional line under it, then the content. */
export function AuthCard({
  title,
  description,
  maw,
  children,
  after,
}: {
  title: ReactNode;
  description?: ReactNode;
  maw: number;
  children: ReactNode;
  /** Below the card (e.g. the storage notice). */
  after?: ReactNode;
}) {
  return (
    <Stack maw={maw} mx="auto" w="100%" gap="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} fz={26}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Paper>
      {after}
    </Stack>
  );
}

/** The link back to '/' under the signed-out forms. */
export function BackToSignIn({ label = 'Back to Sign In' }: { label?: string }) {
  return (
    <Group justify="center">
      <Anchor component={Link} to="/" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          <span>{label}</span>
        </Group>
      </Anchor>
    </Group>
  );
}

/** The email field of the signed-out forms (sign-in, forgot password). */
export const EMAIL_FIELD = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  placeholder: 'you@company.com',
  required: true,
} as const;

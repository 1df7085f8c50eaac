import { Link } from 'react-router';
import { Anchor, Avatar, Badge, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { HOME_BY_ROLE, ROLE_LABEL, type RoleKey } from '@portal/contracts';
import { DEFAULT_PRODUCT_NAME, safeExternalUrl, useAppConfig } from '../shared/config';
import { Logo } from '../shared/ui';
import { useAuthStore } from '../features/auth';
import { useAuthImage } from '../features/account';

interface AppHeaderProps {
  role: RoleKey;
  mobileOpen: boolean;
  onToggleMobile: () => void;
}

/** Fixed top bar: mobile menu toggle, brand, "Return to Main Site" (from GET /api/config), current user. */
export function AppHeader({ role, mobileOpen, onToggleMobile }: AppHeaderProps) {
  const config = useAppConfig();
  const user = useAuthStore((s) => s.user);
  const mainSiteUrl = safeExternalUrl(config?.mainSiteUrl);
  const avatarSrc = useAuthImage(user?.picture);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={mobileOpen}
          onClick={onToggleMobile}
          hiddenFrom="md"
          size="sm"
          aria-label={mobileOpen ? 'Close navigation menu' : 'Open navigation menu'}
          aria-expanded={mobileOpen}
          aria-controls="app-sidebar"
        />
        <UnstyledButton
          component={Link}
          to={HOME_BY_ROLE[role]}
          aria-label={`${config?.productName ?? DEFAULT_PRODUCT_NAME} home`}
        >
          <Logo name={config?.productName ?? DEFAULT_PRODUCT_NAME} />
        </UnstyledButton>
      </Group>
      <Group gap="lg" wrap="nowrap">
        {mainSiteUrl && (
          <Anchor href={mainSiteUrl} rel="noopener noreferrer" fw={500} size="sm" c="brand.8">
            <Group gap={4} wrap="nowrap" component="span">
              <span>Return to Main Site</span>
              <IconExternalLink size={16} aria-hidden />
            </Group>
          </Anchor>
        )}
        {user && (
          <Group gap="xs" wrap="nowrap" visibleFrom="sm">
            <Avatar
              src={avatarSrc}
              alt={avatarSrc ? `${user.username} profile picture` : undefined}
              name={user.username}
              color="brand"
              variant="filled"
              size={32}
              radius="xl"
              data-testid="header-avatar"
            />
            <Text size="sm" fw={500} c="dark.6" truncate maw={180}>
              {user.username}
            </Text>
            <Badge variant="light" color="brand" size="sm">
              {ROLE_LABEL[role]}
            </Badge>
          </Group>
        )}
      </Group>
    </Group>
  );
}

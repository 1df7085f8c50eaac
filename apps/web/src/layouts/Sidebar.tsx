import { Link, useLocation } from 'react-router';
import { AppShell, NavLink, ScrollArea, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import type { RoleKey } from '@portal/contracts';
import { logout } from '../features/auth';
import { NAV_BY_ROLE, type NavItem } from './navItems';
import classes from './Sidebar.module.css';

interface SidebarProps {
  role: RoleKey;
  minimized: boolean;
  isDesktop: boolean;
  onToggleMinimized: () => void;
  /** Called when a link is chosen (closes the mobile overlay). */
  onNavigate?: () => void;
}

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function SidebarLink({
  item,
  minimized,
  active,
  onNavigate,
}: {
  item: NavItem;
  minimized: boolean;
  active: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      onClick={onNavigate}
      label={minimized ? undefined : item.label}
      aria-label={minimized ? item.label : undefined}
      aria-current={active ? 'page' : undefined}
      active={active}
      leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
      className={classes.link}
      data-minimized={minimized || undefined}
    />
  );
  return minimized ? (
    <Tooltip label={item.label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function SidebarButton({
  label,
  icon,
  minimized,
  onClick,
}: {
  label: string;
  icon: React.ReactNode;
  minimized: boolean;
  onClick: () => void;
}) {
  const button = (
    <UnstyledButton
      className={classes.action}
      onClick={onClick}
      aria-label={minimized ? label : undefined}
      data-minimized={minimized || undefined}
    >
      {icon}
      {!minimized && <span>{label}</span>}
    </UnstyledButton>
  );
  return minimized ? (
    <Tooltip label={label} position="right" withArrow>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** Role sidebar: links, desktop collapse toggle, and Log Out at the bottom (spec §2). */
export function Sidebar({ role, minimized, isDesktop, onToggleMinimized, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  return (
    <>
      <AppShell.Section grow component={ScrollArea} type="auto">
        <Stack gap={4}>
          {NAV_BY_ROLE[role].map((item) => (
            <SidebarLink
              key={item.to}
              item={item}
              minimized={minimized}
              active={isActive(pathname, item.to)}
              onNavigate={onNavigate}
            />
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section className={classes.footer}>
        <Stack gap={4}>
          {isDesktop && (
            <SidebarButton
              label={minimized ? 'Expand sidebar' : 'Collapse sidebar'}
              minimized={minimized}
              onClick={onToggleMinimized}
              icon={
                minimized ? (
                  <IconLayoutSidebarLeftExpand size={20} stroke={1.7} aria-hidden />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} stroke={1.7} aria-hidden />
                )
              }
            />
          )}
          <SidebarButton
            label="Log Out"
            minimized={minimized}
            onClick={() => void logout()}
            icon={<IconLogout size={20} stroke={1.7} aria-hidden />}
          />
        </Stack>
      </AppShell.Section>
    </>
  );
}

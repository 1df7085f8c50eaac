import { Link, useLocation } from 'react-router';
import {
  AppShell,
  Badge,
  Indicator,
  NavLink,
  ScrollArea,
  Stack,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import type { RoleKey } from '@portal/contracts';
import { logout } from '../features/auth';
import { useUnreadNotifications } from '../features/notifications/useUnreadNotifications';
import { NAV_BY_ROLE, type NavItem } from './navItems';
import classes from './Sidebar.module.css';

interface SidebarProps {
  role: RoleKey;
  minimized: boolean;
  isDesktop: boolean;
  onToggleMinimized: () => void;
  /** Called when a link is chosen (closes the mobile overlay). */
  onNavigate?: () => void;
  /** The customer's requests waiting for their answer (the Quotes badge). */
  quotesWaiting?: number;
}

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

const NOTIFICATIONS_PATH = '/superadmin/notifications';

function SidebarLink({
  item,
  minimized,
  active,
  onNavigate,
  count,
  countNoun = 'unread',
}: {
  item: NavItem;
  minimized: boolean;
  active: boolean;
  onNavigate?: () => void;
  /** Unread items shown as a badge (0 / undefined: none). */
  count?: number;
  /** What the count counts, read after it ('3 unread'). */
  countNoun?: string;
}) {
  const Icon = item.icon;
  const shown = count ? (count > 99 ? '99+' : String(count)) : null;
  // The link's name says the count in words ('Notifications, 3 unread'); expanded, it comes from the
  // content itself (visible text inside the name), minimized from aria-label.
  const name = shown ? `${item.label}, ${shown} ${countNoun}` : item.label;
  const icon = <Icon size={20} stroke={1.7} aria-hidden />;
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      onClick={onNavigate}
      label={
        minimized ? undefined : shown ? (
          <>
            {item.label}
            <VisuallyHidden>, </VisuallyHidden>
          </>
        ) : (
          item.label
        )
      }
      aria-label={minimized ? name : undefined}
      aria-current={active ? 'page' : undefined}
      active={active}
      leftSection={
        minimized && shown ? (
          <Indicator label={shown} size={16} color="red.9" aria-hidden>
            {icon}
          </Indicator>
        ) : (
          icon
        )
      }
      rightSection={
        !minimized && shown ? (
          <Badge size="sm" color="red.9" variant="filled" data-testid="unread-badge">
            {shown} <VisuallyHidden>{countNoun}</VisuallyHidden>
          </Badge>
        ) : undefined
      }
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

/** Role sidebar: links, desktop collapse toggle, and Log Out at the bottom. */
export function Sidebar({ role, minimized, isDesktop, onToggleMinimized, onNavigate, quotesWaiting }: SidebarProps) {
  const { pathname } = useLocation();
  const unread = useUnreadNotifications(role === 'superadmin');
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
              {...(item.to === NOTIFICATIONS_PATH
                ? { count: unread }
                : item.to === `/${role}/quotes` && role !== 'superadmin'
                  ? { count: quotesWaiting, countNoun: 'waiting for you' }
                  : {})}
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

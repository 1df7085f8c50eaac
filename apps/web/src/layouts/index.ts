export { AppLayout } from './AppLayout';
export { PublicLayout } from './PublicLayout';
export { NAV_BY_ROLE, type NavItem } from './navItems';
export { DESKTOP_QUERY, SIDEBAR_MINIMIZED_WIDTH, SIDEBAR_WIDTH, useSidebarState } from './useSidebarState';

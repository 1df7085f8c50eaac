import type { ComponentType } from 'react';
import {
  IconBell,
  IconBuildingCommunity,
  IconBuildingSkyscraper,
  IconFilter,
  IconHelpCircle,
  IconHistory,
  IconSettings,
  IconUserShield,
} from '@tabler/icons-react';
import type { RoleKey } from '@portal/contracts';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;
}

/** Sidebars per role. */
export const NAV_BY_ROLE: Record<RoleKey, NavItem[]> = {
  superadmin: [
    { label: 'Companies', to: '/superadmin/companies', icon: IconBuildingSkyscraper },
    { label: 'Administrators', to: '/superadmin/administrators', icon: IconUserShield },
    { label: 'Catalog', to: '/superadmin/catalog', icon: IconFilter },
    { label: 'Notifications', to: '/superadmin/notifications', icon: IconBell },
    { label: 'Audit log', to: '/superadmin/audit', icon: IconHistory },
    { label: 'Settings', to: '/superadmin/settings', icon: IconSettings },
  ],
  admin: [
    { label: 'My Company', to: '/admin/mycompany', icon: IconBuildingCommunity },
    { label: 'Catalog', to: '/admin/catalog', icon: IconFilter },
    { label: 'Settings', to: '/admin/settings', icon: IconSettings },
    { label: 'Help', to: '/admin/help', icon: IconHelpCircle },
    { label: 'Activity', to: '/admin/activity', icon: IconHistory },
  ],
  employee: [
    { label: 'Catalog', to: '/employee/catalog', icon: IconFilter },
    { label: 'Settings', to: '/employee/settings', icon: IconSettings },
    { label: 'Help', to: '/employee/help', icon: IconHelpCircle },
  ],
};

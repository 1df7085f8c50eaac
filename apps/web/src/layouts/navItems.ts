import type { ComponentType } from 'react';
import {
  IconBell,
  IconBuildingCommunity,
  IconBuildingSkyscraper,
  IconFilter,
  IconHelpCircle,
  IconSettings,
  IconUserShield,
} from '@tabler/icons-react';
import type { RoleKey } from '@portal/contracts';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;
}

/** Sidebars per role (spec §2 "Sidebars"). */
export const NAV_BY_ROLE: Record<RoleKey, NavItem[]> = {
  superadmin: [
    { label: 'Companies', to: '/superadmin/companies', icon: IconBuildingSkyscraper },
    { label: 'Administrators', to: '/superadmin/administrators', icon: IconUserShield },
    { label: 'Catalog', to: '/superadmin/catalog', icon: IconFilter },
    { label: 'Notifications', to: '/superadmin/notifications', icon: IconBell },
    { label: 'Settings', to: '/superadmin/settings', icon: IconSettings },
  ],
  admin: [
    { label: 'My Company', to: '/admin/mycompany', icon: IconBuildingCommunity },
    { label: 'Catalog', to: '/admin/catalog', icon: IconFilter },
    { label: 'Settings', to: '/admin/settings', icon: IconSettings },
    { label: 'Help', to: '/admin/help', icon: IconHelpCircle },
  ],
  employee: [
    { label: 'Catalog', to: '/employee/catalog', icon: IconFilter },
    { label: 'Settings', to: '/employee/settings', icon: IconSettings },
    { label: 'Help', to: '/employee/help', icon: IconHelpCircle },
  ],
};

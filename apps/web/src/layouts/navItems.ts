import type { ComponentType } from 'react';
import {
  IconBell,
  IconBuildingCommunity,
  IconBuildingSkyscraper,
  IconBuildingWarehouse,
  IconCalendarDollar,
  IconChartDots,
  IconChartBar,
  IconFileDollar,
  IconFilter,
  IconHelpCircle,
  IconHistory,
  IconActivityHeartbeat,
  IconSettings,
  IconUserShield,
  IconShoppingCart,
} from '@tabler/icons-react';
import type { RoleKey } from '@portal/contracts';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;
}

/** The entries more than one role has, each under the role's own path. */
function common(base: string) {
  return {
    catalog: { label: 'Catalog', to: `${base}/catalog`, icon: IconFilter },
    settings: { label: 'Settings', to: `${base}/settings`, icon: IconSettings },
    help: { label: 'Help', to: `${base}/help`, icon: IconHelpCircle },
    quotes: { label: 'Quotes', to: `${base}/quotes`, icon: IconFileDollar },
    sites: { label: 'Sites', to: `${base}/sites`, icon: IconBuildingWarehouse },
    orders: { label: 'Orders', to: `${base}/orders`, icon: IconShoppingCart },
  } satisfies Record<string, NavItem>;
}
const sa = common('/superadmin');
const ad = common('/admin');
const em = common('/employee');

/** Sidebars per role. */
export const NAV_BY_ROLE: Record<RoleKey, NavItem[]> = {
  superadmin: [
    { label: 'Companies', to: '/superadmin/companies', icon: IconBuildingSkyscraper },
    { label: 'Administrators', to: '/superadmin/administrators', icon: IconUserShield },
    sa.catalog,
    { label: 'Quote desk', to: '/superadmin/quotes', icon: IconFileDollar },
    { label: 'Price changes', to: '/superadmin/price-changes', icon: IconCalendarDollar },
    { label: 'Orders desk', to: '/superadmin/orders', icon: IconShoppingCart },
    { label: 'Notifications', to: '/superadmin/notifications', icon: IconBell },
    { label: 'Audit log', to: '/superadmin/audit', icon: IconHistory },
    { label: 'Demand', to: '/superadmin/demand', icon: IconChartDots },
    { label: 'Forecast', to: '/superadmin/forecast', icon: IconChartBar },
    { label: 'Operations', to: '/superadmin/operations', icon: IconActivityHeartbeat },
    sa.settings,
  ],
  admin: [
    { label: 'My Company', to: '/admin/mycompany', icon: IconBuildingCommunity },
    ad.catalog,
    ad.quotes,
    ad.orders,
    ad.sites,
    ad.settings,
    ad.help,
    { label: 'Activity', to: '/admin/activity', icon: IconHistory },
  ],
  employee: [em.catalog, em.quotes, em.orders, em.sites, em.settings, em.help],
};

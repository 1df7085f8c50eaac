import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Breadcrumbs } from '@mantine/core';

/** "Companies > …" above every company screen; `children` are the crumbs after Companies. */
export function CompaniesBreadcrumb({ children }: { children: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to="/superadmin/companies">
          Companies
        </Anchor>
        {children}
      </Breadcrumbs>
    </nav>
  );
}

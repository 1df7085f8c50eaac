import { HeadingOnlyPage } from '../../../shared/ui';
import { useAuthStore } from '../../auth';

/**
 * Shared administrator/employee detail (spec §2 Superadmin screens 6): /superadmin/administrators/:id,
 * /admin/employee/:id and /admin/mycompany/employee/:id. Placeholder until its feature issue lands.
 */
export default function UserDetailPage() {
  const role = useAuthStore((s) => s.role);
  return <HeadingOnlyPage title={role === 'admin' ? 'Employee Details' : 'Administrator Details'} />;
}

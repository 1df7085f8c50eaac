import { HeadingOnlyPage } from '../../../shared/ui';

/** Admin static sample page /admin/employeeinfo (spec §2 Admin screens). Placeholder until its feature issue lands: heading only. */
export default function EmployeeInfoPage() {
  return <HeadingOnlyPage title="Employee Info" />;
}

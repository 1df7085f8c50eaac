import type { RoleKey } from '@portal/contracts';

/** A user with their company's name, as the identity queries select it (`users u LEFT JOIN companies c`). */
export interface UserSummaryRow {
  id: string;
  username: string;
  email: string;
  role: RoleKey;
  company_id: string | null;
  company_name: string | null;
}

import { ORG_MSG } from '@portal/domain';

/**
 * The add-user modal's title, button and success toast for each role. The failure texts are worded per
 * screen by the spec, so each screen adds its own `failureFallback` (and `failureTitle` where it has one).
 */
export const ADD_USER_TEXTS = {
  admin: { title: 'Add Administrator', submit: 'Add Administrator', success: ORG_MSG.success.adminAdded },
  employee: { title: 'Add Employee', submit: 'Add Employee', success: ORG_MSG.success.employeeAdded },
} as const;

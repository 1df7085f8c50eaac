import { MSG } from '@portal/domain';

/** Sign-in error text by HTTP status. */
export function loginErrorMessage(status: number): string {
  if (status === 401) return MSG.login.invalidCredentials;
  if (status === 403) return MSG.login.disabled;
  if (status === 429) return MSG.login.tooMany;
  if (status === 0 || status >= 500) return MSG.login.serverDown;
  return MSG.login.failed;
}

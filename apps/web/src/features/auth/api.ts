import type { ResetPasswordRequest } from '@portal/contracts';
import { ACCOUNT_ROUTES } from '@portal/domain';
import { call } from '../../shared/api';

/** The signed-out password calls (forgot / reset). `silent`: the pages show their own messages. */
export const passwordResetApi = {
  forgotPassword: (email: string) => call(ACCOUNT_ROUTES.forgotPassword, { body: { email } }, { silent: true }),
  /** Whether a reset link still works; never spends it. */
  checkResetLink: (token: string) =>
    call(ACCOUNT_ROUTES.checkResetLink, { body: { token } }, { silent: true }).then((r) => r.data),
  resetPassword: (body: ResetPasswordRequest) => call(ACCOUNT_ROUTES.resetPassword, { body }, { silent: true }),
};

import {
  ACCOUNT_PATHS,
  type AccountMessageResponse,
  type ResetLinkCheckResponse,
  type ResetPasswordRequest,
} from '@portal/contracts';
import { api } from '../../shared/api';

/** The signed-out password calls (forgot / reset). `silent`: the pages show their own messages. */
export const passwordResetApi = {
  forgotPassword: (email: string) =>
    api.post<AccountMessageResponse>(ACCOUNT_PATHS.forgotPassword, { email }, { silent: true }),
  /** Whether a reset link still works; never spends it. */
  checkResetLink: (token: string) =>
    api.post<ResetLinkCheckResponse>(ACCOUNT_PATHS.resetPasswordCheck, { token }, { silent: true }).then((r) => r.data),
  resetPassword: (body: ResetPasswordRequest) =>
    api.post<AccountMessageResponse>(ACCOUNT_PATHS.resetPassword, body, { silent: true }),
};

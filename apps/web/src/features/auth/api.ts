import { ACCOUNT_PATHS, type AccountMessageResponse, type ResetPasswordRequest } from '@portal/contracts';
import { api } from '../../shared/api';

/** The signed-out password calls (forgot / reset). `silent`: the pages show their own messages. */
export const passwordResetApi = {
  forgotPassword: (email: string) =>
    api.post<AccountMessageResponse>(ACCOUNT_PATHS.forgotPassword, { email }, { silent: true }),
  resetPassword: (body: ResetPasswordRequest) =>
    api.post<AccountMessageResponse>(ACCOUNT_PATHS.resetPassword, body, { silent: true }),
};

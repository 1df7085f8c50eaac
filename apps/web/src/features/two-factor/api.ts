import {
  TWO_FACTOR_PATHS,
  type ApiResponse,
  type RecoveryCodes,
  type RequireTwoFactorFor,
  type SecuritySettings,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@portal/contracts';
import { api } from '../../shared/api';

type Message = { status: number; message: string };

/** Two-factor calls. All `silent`: the screens show the server's messages themselves. */
export const twoFactorApi = {
  status: async () => (await api.get<ApiResponse<TwoFactorStatus>>(TWO_FACTOR_PATHS.status)).data,
  setup: async () =>
    (await api.post<ApiResponse<TwoFactorSetup>>(TWO_FACTOR_PATHS.setup, undefined, { silent: true, retry: false }))
      .data,
  enable: async (code: string) =>
    (await api.post<ApiResponse<RecoveryCodes>>(TWO_FACTOR_PATHS.enable, { code }, { silent: true, retry: false })).data
      .recovery_codes,
  disable: (password: string, code: string) =>
    api.post<Message>(TWO_FACTOR_PATHS.disable, { password, code }, { silent: true, retry: false }),
  regenerate: async (code: string) =>
    (
      await api.post<ApiResponse<RecoveryCodes>>(
        TWO_FACTOR_PATHS.recoveryCodes,
        { code },
        { silent: true, retry: false },
      )
    ).data.recovery_codes,
  reset: (userId: string) => api.delete<Message>(TWO_FACTOR_PATHS.reset(userId), undefined, { silent: true }),
  policy: async () => (await api.get<ApiResponse<SecuritySettings>>(TWO_FACTOR_PATHS.securitySettings)).data,
  setPolicy: async (require_2fa_for: RequireTwoFactorFor) =>
    (
      await api.patch<ApiResponse<SecuritySettings>>(
        TWO_FACTOR_PATHS.securitySettings,
        { require_2fa_for },
        { silent: true },
      )
    ).data,
};

/** Query keys: everything two-factor lives under ['two-factor']. */
export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: ['two-factor', 'status'] as const,
  policy: ['two-factor', 'policy'] as const,
};

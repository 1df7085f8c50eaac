import type { RequireTwoFactorFor } from '@portal/contracts';
import { TWO_FACTOR_ROUTES as R } from '@portal/domain';
import { call } from '../../shared/api';

const quiet = { silent: true, retry: false } as const;

/** Two-factor calls. All `silent`: the screens show the server's messages themselves. */
export const twoFactorApi = {
  status: async () => (await call(R.status)).data,
  setup: async () => (await call(R.setup, {}, quiet)).data,
  enable: async (code: string) => (await call(R.enable, { body: { code } }, quiet)).data.recovery_codes,
  disable: (password: string, code: string) => call(R.disable, { body: { password, code } }, quiet),
  regenerate: async (code: string) => (await call(R.recoveryCodes, { body: { code } }, quiet)).data.recovery_codes,
  reset: (userId: string) => call(R.reset, { params: { id: userId } }, { silent: true }),
  policy: async () => (await call(R.securitySettings)).data,
  setPolicy: async (require_2fa_for: RequireTwoFactorFor) =>
    (await call(R.updateSecuritySettings, { body: { require_2fa_for } }, { silent: true })).data,
};

/** Query keys: everything two-factor lives under ['two-factor']. */
export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: ['two-factor', 'status'] as const,
  policy: ['two-factor', 'policy'] as const,
};

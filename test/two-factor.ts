import { Secret, TOTP } from 'otpauth';
import type { ApiClient, TestApi } from './api';

/** The code an authenticator app shows for `secret`, `steps` time steps (30 s) from now. */
export function totpCode(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Forget the last used time step, so the current code is accepted again (tests that are not about replay). */
export async function forgetUsedStep(api: TestApi, userId: string): Promise<void> {
  await api.db.query(`UPDATE user_two_factor SET last_used_step = NULL WHERE user_id = $1`, [userId]);
}

/** Setup + enable on a signed-in client; returns the secret and the recovery codes. */
export async function enrol(client: ApiClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.request('POST', '2fa/setup');
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const secret: string = setup.body.data.secret;
  const enabled = await client.request('POST', '2fa/enable', { code: totpCode(secret) });
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  return { secret, recoveryCodes: enabled.body.data.recovery_codes };
}

/** Password step; returns the `mfa_token` (fails the test when the account is not asked for a code). */
export async function passwordStep(client: ApiClient, email: string, password: string): Promise<string> {
  const res = await client.login(email, password);
  if (res.status !== 200 || !res.body.mfa_required) {
    throw new Error(`expected mfa_required, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.mfa_token;
}

/** Second step; on success the client is signed in (token + session-bound CSRF token). */
export async function codeStep(client: ApiClient, body: Record<string, string>) {
  const res = await client.request('POST', 'login/2fa', body);
  if (res.status === 200) {
    client.token = res.body.token;
    await client.refreshCsrf();
  }
  return res;
}

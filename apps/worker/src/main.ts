import 'reflect-metadata';
import { EnvError, loadEnv } from '@portal/platform';
import { startWorker } from './worker-runtime';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!env.SMTP_URL) {
    console.error(
      'Invalid environment configuration:\n  - SMTP_URL: required by the worker to send emails (e.g. smtp://127.0.0.1:1025)',
    );
    process.exit(1);
  }
  const runtime = await startWorker({ ...env, SMTP_URL: env.SMTP_URL });
  console.log(`[worker] started (queue backend: ${env.QUEUE_BACKEND})`);
  process.send?.({ type: 'ready', service: 'worker' });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[worker] ${signal} received: finishing active jobs`);
    runtime.stop(10_000).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('[worker] shutdown error', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Worker failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});

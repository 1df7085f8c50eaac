import 'reflect-metadata';
import { runMain } from '@portal/platform';
import { startWorker } from './worker-runtime';

runMain('Worker', async (env) => {
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
});

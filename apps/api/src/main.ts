import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { EnvError, loadEnv } from '@portal/platform';
import { createApp } from './app.factory';

const LOG_LEVELS = {
  error: ['error'],
  warn: ['error', 'warn'],
  log: ['error', 'warn', 'log'],
  debug: ['error', 'warn', 'log', 'debug'],
  verbose: ['error', 'warn', 'log', 'debug', 'verbose'],
} as const satisfies Record<string, ('error' | 'warn' | 'log' | 'debug' | 'verbose')[]>;

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
  const app = await createApp(env, { logger: LOG_LEVELS[env.LOG_LEVEL] });
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  Logger.log(`API listening on ${env.PUBLIC_URL} (port ${port}, queue backend: ${env.QUEUE_BACKEND})`, 'Bootstrap');
  process.send?.({ type: 'ready', service: 'api', port });
}

main().catch((err: unknown) => {
  console.error('API failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});

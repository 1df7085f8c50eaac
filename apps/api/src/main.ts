import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { runMain } from '@portal/platform';
import { createApp } from './app.factory';

const LOG_LEVELS = {
  error: ['error'],
  warn: ['error', 'warn'],
  log: ['error', 'warn', 'log'],
  debug: ['error', 'warn', 'log', 'debug'],
  verbose: ['error', 'warn', 'log', 'debug', 'verbose'],
} as const satisfies Record<string, ('error' | 'warn' | 'log' | 'debug' | 'verbose')[]>;

runMain('API', async (env) => {
  const app = await createApp(env, { logger: LOG_LEVELS[env.LOG_LEVEL] });
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  Logger.log(`API listening on ${env.PUBLIC_URL} (port ${port}, queue backend: ${env.QUEUE_BACKEND})`, 'Bootstrap');
  process.send?.({ type: 'ready', service: 'api', port });
});

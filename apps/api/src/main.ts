import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { runMain } from '@portal/platform';
import { createApp } from './app.factory';
import { CatalogueService } from './catalogue/catalogue.service';

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
  // Stats hook for tests and benchmarks: the parent asks over IPC, nothing is exposed over HTTP.
  if (process.send) {
    const catalogue = app.get(CatalogueService);
    process.on('message', (m: { type?: string } | null) => {
      if (m?.type !== 'catalogue-cache-stats') return;
      process.send?.({ type: 'catalogue-cache-stats', stats: catalogue.cacheStats(), memory: process.memoryUsage() });
    });
    // The listener must not hold the process open on its own (see child-guard).
    (process.channel as { unref?: () => void } | undefined)?.unref?.();
  }
});

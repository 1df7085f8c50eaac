import fs from 'node:fs';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { API_PREFIX, assertPushRoutesComplete } from '@portal/contracts';
import { buildOpenApi, MSG, plainText, QUERY_MSG, repeatedQueryParameter, ROUTES } from '@portal/domain';
import { allowedOrigins, type Env } from '@portal/platform';
import { AppModule } from './app.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { assertRouteBindings } from './common/route-bindings';
import { IMMUTABLE, WebShell } from './common/web-shell';
import { PortalIoAdapter } from './realtime/io.adapter';
import { pingDatabase } from './system/system.repository';

export interface CreateAppOptions {
  logger?: false | readonly ('error' | 'warn' | 'log' | 'debug' | 'verbose')[];
}

/** Builds the API (HTTP + Socket.IO + the built web app) without listening. Used by main and tests. */
export async function createApp(env: Env, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  // Every change must say who hears it (libs/contracts/src/pushes.ts): refuse to start otherwise.
  assertPushRoutesComplete();
  const adapter = new FastifyAdapter({
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // ignoreTrailingSlash: the spec's client calls `company/`, `user/?page=` and `notification/`.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(env), adapter, {
    logger: options.logger === false ? false : [...(options.logger ?? ['error', 'warn', 'log'])],
    bufferLogs: false,
    // Signed webhooks (POST /api/email-events) verify the body exactly as sent: `req.rawBody`.
    rawBody: true,
  });
  // Every route is declared once in the route table (libs/domain/src/routes): refuse to start otherwise.
  assertRouteBindings(app);
  app.setGlobalPrefix(API_PREFIX.slice(1));
  const origins = allowedOrigins(env);
  app.useWebSocketAdapter(new PortalIoAdapter(app, origins));

  const fastify = app.getHttpAdapter().getInstance();
  // Only the API checks Origin (Socket.IO does in its adapter): browsers send Origin on module
  // script and CSS loads too, and the web app's files must load at any address the server answers.
  fastify.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.has(origin) && isApiUrl(req.url)) {
      return reply.code(403).send({ status: 403, message: MSG.origin.refused });
    }
  });
  fastify.addHook('preHandler', async (req, reply) => {
    // Every query parameter is one value: `?q=a&q=b` is a 400 naming it, on every route, before any
    // schema sees an array (lists travel comma-separated or in a JSON body).
    const repeated = isApiUrl(req.url) ? repeatedQueryParameter(req.query) : null;
    if (repeated !== null) {
      const name = plainText(repeated).slice(0, 100);
      const message = QUERY_MSG.repeated(name);
      return reply.code(400).send({ status: 400, message, errors: { [name]: message } });
    }
    // Postgres text cannot hold U+0000: refuse it at the edge (400) instead of failing the query (500).
    if (req.url.includes('%00') || containsNul(req.query) || containsNul(req.body)) {
      return reply.code(400).send({ status: 400, message: 'Text must not contain NUL characters' });
    }
  });
  const hsts = env.PUBLIC_URL.startsWith('https:');
  fastify.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    if (hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // A route may opt into revalidation (cached catalogue reads); everything else is never stored.
    if (isApiUrl(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // API JSON above 1 KiB leaves as br/gzip. Responses that already carry a Content-Encoding
  // (precompressed assets, cached catalogue pages) pass through untouched.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  const webDist = resolveWebDist(env);
  let shell: WebShell | null = null;
  if (webDist) {
    shell = new WebShell(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'), env.PUBLIC_URL, origins);
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: false,
      // The build writes .br/.gz next to each asset; they are sent as they are, no per-request CPU.
      preCompressed: true,
      cacheControl: false,
      // index.html only through the shell (CSP nonce); source maps are never public.
      allowedPath: (pathName) => !pathName.endsWith('.map') && pathName !== '/index.html',
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', /[\\/]assets[\\/]/.test(filePath) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.useGlobalFilters(new HttpExceptionFilter(shell));
  // The OpenAPI 3.1 document, generated from the route table: /api/docs-json, browsable at /api/docs.
  const openApi = buildOpenApi(ROUTES, { version: '1.1.0' }) as unknown as OpenAPIObject;
  SwaggerModule.setup('api/docs', app, openApi);
  app.enableShutdownHooks();
  await app.init();
  // Touch the pool so a bad DATABASE_URL fails at boot, not on the first request.
  await pingDatabase(app.get(DataSource));
  return app;
}

function isApiUrl(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

/** True when any string in a parsed query/JSON body (depth-limited) contains U+0000. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  }
  return false;
}

function resolveWebDist(env: Env): string | null {
  const candidates = [env.WEB_DIST, path.resolve(__dirname, '../../web/dist'), path.resolve('apps/web/dist')];
  for (const dir of candidates) {
    if (dir && fs.existsSync(path.join(dir, 'index.html'))) return dir;
  }
  return null;
}

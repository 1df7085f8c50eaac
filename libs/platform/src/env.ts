import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL such as http://localhost:3000' }).optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Filter Portal <no-reply@filterportal.local>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters (use a long random string)'),
  FILES_DIR: z.string().default('.data/files'),
  WEB_DIST: z.string().optional(),
  MAIN_SITE_URL: z.url().default('https://www.example.com'),
  /** The office's contact details on the Help page (public config); unset → not shown. */
  OFFICE_PHONE: z.string().trim().max(40).optional(),
  OFFICE_EMAIL: z.email({ error: 'OFFICE_EMAIL must be an email address' }).optional(),
  ALLOWED_ORIGINS: z.string().default(''),
  TRUST_PROXY: booleanish.default(false),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  SUPERADMIN_EMAIL: z.string().default('superadmin@filterportal.local'),
  SUPERADMIN_PASSWORD: z.string().optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** How often the worker looks for filter-programme reminders to send. */
  PROGRAMME_SWEEP_MS: z.coerce.number().int().min(50).default(60_000),
  /** Connections of this process's database pool (default: the API 20, the worker 8). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'DATABASE_POOL_SIZE must be a whole number' })
    .int('DATABASE_POOL_SIZE must be a whole number')
    .min(1, 'DATABASE_POOL_SIZE must be at least 1')
    .max(500, 'DATABASE_POOL_SIZE must be at most 500')
    .optional(),
  /**
   * Without Redis, each queue's connections to Postgres (default 10, beside one it listens on). The
   * tests lower it: many APIs and workers share one test server.
   */
  QUEUE_DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'QUEUE_DATABASE_POOL_SIZE must be a whole number' })
    .int('QUEUE_DATABASE_POOL_SIZE must be a whole number')
    .min(1, 'QUEUE_DATABASE_POOL_SIZE must be at least 1')
    .max(100, 'QUEUE_DATABASE_POOL_SIZE must be at most 100')
    .optional(),
  /**
   * The CPU priority of the price-list build process: `idle` runs it only on CPU time nothing else on
   * the machine wants (a machine kept busy by other work builds no list until it pauses); `normal`
   * builds beside that work, still paced to a tenth of the time while the machine is busy.
   */
  PRICELIST_BUILD_PRIORITY: z
    .enum(['idle', 'normal'], { error: 'PRICELIST_BUILD_PRIORITY must be idle or normal' })
    .default('idle'),
  /** Per-process memory for rendered catalogue responses; 0 turns the cache off. */
  CATALOGUE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** How long an editor's presence lasts without a heartbeat (editors re-join every third of it); tests shorten it. */
  PRESENCE_TTL_SECONDS: z.coerce.number().int().min(6).max(3600).default(90),
  /** BullMQ key prefix: lets several deployments (or test runs) share one Redis. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'QUEUE_PREFIX must be 1-40 letters, digits, _ or -')
    .default('portal'),
  /** Audit entries older than this are deleted by the worker's retention job. */
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'AUDIT_RETENTION_DAYS must be a whole number of days' })
    .int('AUDIT_RETENTION_DAYS must be a whole number of days')
    .min(1, 'AUDIT_RETENTION_DAYS must be at least 1')
    .max(36500, 'AUDIT_RETENTION_DAYS must be at most 36500')
    .default(730),
  /**
   * Days an uploaded import file is kept when its import is left ready or queued; the worker removes
   * the files of ended imports (applied, invalid, failed, conflict) at its next hourly sweep.
   */
  IMPORT_FILE_RETENTION_DAYS: z.coerce
    .number({ error: 'IMPORT_FILE_RETENTION_DAYS must be a whole number of days' })
    .int('IMPORT_FILE_RETENTION_DAYS must be a whole number of days')
    .min(1, 'IMPORT_FILE_RETENTION_DAYS must be at least 1')
    .max(3650, 'IMPORT_FILE_RETENTION_DAYS must be at most 3650')
    .default(30),
  /* ---- find & demand ---- */
  /** Raw search-log rows older than this are deleted by the worker (the daily roll-up stays). */
  SEARCH_LOG_RETENTION_DAYS: z.coerce
    .number({ error: 'SEARCH_LOG_RETENTION_DAYS must be a whole number of days' })
    .int('SEARCH_LOG_RETENTION_DAYS must be a whole number of days')
    .min(1, 'SEARCH_LOG_RETENTION_DAYS must be at least 1')
    .max(36500, 'SEARCH_LOG_RETENTION_DAYS must be at most 36500')
    .default(400),
  /** Search-log rows one API process holds while they wait to be written; beyond it rows are dropped (and counted). */
  SEARCH_LOG_BUFFER_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  /**
   * The search log's budget per person and minute (defaults: SEARCH_BUDGET in libs/domain): committed
   * searches logged, committed searches answered (then 429), as-you-type searches answered (then 429).
   * Raised only by the benchmarks, whose one synthetic buyer searches 50 times a second.
   */
  SEARCH_BUDGET_LOGGED_PER_MINUTE: z.coerce.number().int().min(0).max(10_000_000).default(30),
  SEARCH_BUDGET_COMMITTED_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(120),
  SEARCH_BUDGET_TYPING_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(600),
  /** How often the buffered search-log rows are written. */
  SEARCH_LOG_FLUSH_MS: z.coerce.number().int().min(50).max(10_000).default(1000),
  /** How often the ops summary recounts the last 24 h of searches (per API process; the quotes tile is live). */
  OPS_SEARCH_TILE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Where the search log is written (default DATABASE_URL), on a connection of its own. */
  SEARCH_LOG_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'SEARCH_LOG_DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** The office's time zone: a quote is valid to the end of its `valid_until` day there. */
  SUPPLIER_TZ: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'SUPPLIER_TZ must be an IANA time zone such as America/New_York')
    .default('America/New_York'),
  /**
   * How often the worker sweeps for scheduled price changes that are due (ms, default a minute). Exact
   * timers apply each change on time in between; the browser tests shorten it.
   */
  PRICE_CHANGE_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /* ---- Operations and email deliverability ---- */
  /** Shared secret of the signed bounce webhook `POST /api/email-events` (unset: the webhook answers 401). */
  EMAIL_WEBHOOK_SECRET: z.string().min(16, 'EMAIL_WEBHOOK_SECRET must be at least 16 characters').optional(),
  /** Inbound bounce listener in the worker: its SMTP port … */
  BOUNCE_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** … and the domain of the VERP envelope senders `bounces+<token>@BOUNCE_DOMAIN`. */
  BOUNCE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$|^localhost$/i, 'BOUNCE_DOMAIN must be a domain name such as bounces.example.com')
    .optional(),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string; QUEUE_BACKEND: 'redis' | 'postgres' };

export class EnvError extends Error {}

/** Validates the environment once at boot; throws one readable message listing every problem. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    QUEUE_BACKEND: env.REDIS_URL ? 'redis' : 'postgres',
  };
}

/** Origins allowed to call the API and open sockets: PUBLIC_URL's origin plus ALLOWED_ORIGINS. */
export function allowedOrigins(env: Env): Set<string> {
  const origins = new Set<string>([new URL(env.PUBLIC_URL).origin]);
  for (const o of env.ALLOWED_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean))
    origins.add(o);
  return origins;
}

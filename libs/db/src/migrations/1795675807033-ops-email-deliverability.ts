import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operations dashboard and email deliverability.
 *
 * - `sent_emails` becomes the state of each (event, recipient) email: status, the SMTP answer
 *   (code, enhanced status, diagnostic), the SMTP attempts made and a per-message VERP token (the
 *   envelope sender `bounces+<token>@BOUNCE_DOMAIN` names the message a late bounce is about).
 * - `email_suppressions`: addresses that get no system emails (hard bounce, complaint, soft bounces).
 * - `email_events`: bounce/complaint/delivery reports as received (webhook or inbound DSN), keyed
 *   for idempotency; soft bounces in the last 7 days are counted here.
 * - A user whose email changes starts clean: the new address's suppression and reports are dropped.
 * - `socket_presence`: who is online, per socket, heartbeated by the API process holding it.
 * - `worker_heartbeats`: each worker process beats every few seconds (stale after 30 s).
 * - `job_failures`: jobs that failed for good, for the activity feed.
 * - `ops_company_daily`: sign-ins and price-list requests per company and day, kept by a statement
 *   trigger on `audit_log` (one grouped upsert per audit write), so usage per company over 90 days
 *   reads 200 × 90 small rows instead of a million audit entries.
 */
export class OpsEmailDeliverability1795675807033 implements MigrationInterface {
  name = 'OpsEmailDeliverability1795675807033';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sent_emails
        ADD COLUMN status text NOT NULL DEFAULT 'sent'
          CHECK (status IN ('sent','deferred','failed','bounced','suppressed','complained')),
        ADD COLUMN smtp_code integer,
        ADD COLUMN enhanced_status text,
        ADD COLUMN diagnostic text,
        ADD COLUMN attempts integer NOT NULL DEFAULT 1,
        ADD COLUMN verp_token text,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`ALTER TABLE sent_emails ALTER COLUMN attempts SET DEFAULT 0`);
    await q.query(`CREATE UNIQUE INDEX sent_emails_verp_key ON sent_emails (verp_token)`);
    await q.query(`CREATE INDEX sent_emails_sent_at_idx ON sent_emails (sent_at DESC)`);
    await q.query(`CREATE INDEX sent_emails_updated_idx ON sent_emails (updated_at DESC)`);
    await q.query(`CREATE INDEX sent_emails_message_idx ON sent_emails (message_id) WHERE message_id IS NOT NULL`);
    await q.query(`CREATE INDEX sent_emails_recipient_idx ON sent_emails (recipient, sent_at DESC)`);
    await q.query(`
      CREATE TABLE email_suppressions (
        address text PRIMARY KEY CHECK (address = lower(address)),
        reason text NOT NULL CHECK (reason IN ('hard_bounce','complaint','soft_bounces')),
        smtp_code integer,
        enhanced_status text,
        diagnostic text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE email_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_key text NOT NULL UNIQUE,
        recipient text NOT NULL,
        type text NOT NULL CHECK (type IN ('hard_bounce','soft_bounce','complaint','delivered')),
        event_id uuid,
        enhanced_status text,
        diagnostic text,
        source text NOT NULL CHECK (source IN ('smtp','webhook','dsn')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_events_recipient_idx ON email_events (recipient, type, created_at DESC)`);
    await q.query(`
      CREATE FUNCTION users_email_starts_clean() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM email_suppressions WHERE address = NEW.email;
        DELETE FROM email_events WHERE recipient = NEW.email;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_email_starts_clean AFTER UPDATE OF email ON users
      FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION users_email_starts_clean()`);
    await q.query(`
      CREATE UNLOGGED TABLE socket_presence (
        socket_id text PRIMARY KEY,
        user_id uuid NOT NULL,
        role text NOT NULL,
        company_id uuid,
        since timestamptz NOT NULL DEFAULT now(),
        last_seen timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX socket_presence_seen_idx ON socket_presence (last_seen)`);
    await q.query(`
      CREATE TABLE worker_heartbeats (
        id text PRIMARY KEY,
        hostname text NOT NULL,
        pid integer NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        last_beat timestamptz NOT NULL DEFAULT now(),
        stopped_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE job_failures (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        queue text NOT NULL,
        job_id text NOT NULL,
        name text NOT NULL,
        reason text NOT NULL,
        attempts integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX job_failures_created_idx ON job_failures (created_at DESC)`);
    await q.query(`
      CREATE TABLE ops_company_daily (
        company_id uuid NOT NULL,
        day date NOT NULL,
        signins integer NOT NULL DEFAULT 0,
        pricelists integer NOT NULL DEFAULT 0,
        PRIMARY KEY (company_id, day)
      )`);
    await q.query(`
      CREATE FUNCTION ops_company_daily_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ops_company_daily AS d (company_id, day, signins, pricelists)
        SELECT company_id, (created_at AT TIME ZONE 'UTC')::date,
               count(*) FILTER (WHERE action = 'auth.login'), count(*) FILTER (WHERE action = 'pricelist.requested')
          FROM added WHERE company_id IS NOT NULL AND action IN ('auth.login', 'pricelist.requested')
         GROUP BY 1, 2
        ON CONFLICT (company_id, day) DO UPDATE
          SET signins = d.signins + EXCLUDED.signins, pricelists = d.pricelists + EXCLUDED.pricelists;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER ops_company_daily_count AFTER INSERT ON audit_log REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION ops_company_daily_count()`);
    await q.query(`
      INSERT INTO ops_company_daily (company_id, day, signins, pricelists)
      SELECT company_id, (created_at AT TIME ZONE 'UTC')::date,
             count(*) FILTER (WHERE action = 'auth.login'), count(*) FILTER (WHERE action = 'pricelist.requested')
        FROM audit_log WHERE company_id IS NOT NULL AND action IN ('auth.login', 'pricelist.requested')
         AND created_at > now() - interval '400 days'
       GROUP BY 1, 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE IF EXISTS job_failures, worker_heartbeats, socket_presence, email_events, email_suppressions`,
    );
    await q.query(`DROP TRIGGER IF EXISTS users_email_starts_clean ON users`);
    await q.query(`DROP FUNCTION IF EXISTS users_email_starts_clean()`);
    await q.query(`DROP INDEX IF EXISTS sent_emails_verp_key, sent_emails_sent_at_idx, sent_emails_updated_idx,
      sent_emails_message_idx, sent_emails_recipient_idx`);
    await q.query(`ALTER TABLE sent_emails DROP COLUMN status, DROP COLUMN smtp_code, DROP COLUMN enhanced_status,
      DROP COLUMN diagnostic, DROP COLUMN attempts, DROP COLUMN verp_token, DROP COLUMN updated_at`);
  }
}

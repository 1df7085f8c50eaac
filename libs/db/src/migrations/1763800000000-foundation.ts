import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`
      CREATE TABLE companies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        status boolean NOT NULL DEFAULT true,
        discount_percentage numeric(5,2) NOT NULL DEFAULT 100 CHECK (discount_percentage BETWEEN 0 AND 100),
        rigidflow_percentage numeric(5,2) NOT NULL DEFAULT 100 CHECK (rigidflow_percentage BETWEEN 0 AND 100),
        minipro_percentage numeric(5,2) NOT NULL DEFAULT 100 CHECK (minipro_percentage BETWEEN 0 AND 100),
        polyroll_percentage numeric(5,2) NOT NULL DEFAULT 100 CHECK (polyroll_percentage BETWEEN 0 AND 100),
        picture text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX companies_name_idx ON companies (lower(name))`);
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL CHECK (length(username) BETWEEN 1 AND 100),
        email text NOT NULL CHECK (email = lower(email)),
        password_hash text NOT NULL,
        role text NOT NULL CHECK (role IN ('superadmin','admin','employee')),
        company_id uuid REFERENCES companies(id) ON DELETE CASCADE,
        status boolean NOT NULL DEFAULT true,
        picture text,
        current_login timestamptz,
        last_login timestamptz,
        password_changed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_company_role CHECK ((role = 'superadmin') = (company_id IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
    await q.query(`CREATE INDEX users_company_idx ON users (company_id, role, status)`);
    await q.query(`CREATE INDEX users_role_idx ON users (role, created_at)`);
    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason text,
        ip text,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL`);
    await q.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigserial NOT NULL,
        type text NOT NULL,
        payload jsonb NOT NULL,
        actor_id uuid,
        relayed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX outbox_pending_idx ON outbox (seq) WHERE relayed_at IS NULL`);
    // Wake the relay on commit: NOTIFY inside a transaction is delivered only when it commits.
    await q.query(`
      CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('outbox', ''); RETURN NULL; END $$`);
    await q.query(`
      CREATE TRIGGER outbox_notify AFTER INSERT ON outbox
      FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify()`);
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL UNIQUE,
        user_id uuid,
        company_id uuid,
        username text NOT NULL,
        email text NOT NULL,
        description text NOT NULL,
        read_status boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX notifications_created_idx ON notifications (created_at DESC, id)`);
    await q.query(`CREATE INDEX notifications_read_idx ON notifications (read_status, created_at DESC)`);
    // Emails actually handed to SMTP, keyed by event + recipient: a retried job never sends twice.
    await q.query(`
      CREATE TABLE sent_emails (
        event_id uuid NOT NULL,
        recipient text NOT NULL,
        template text NOT NULL,
        message_id text,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, recipient)
      )`);
    await q.query(`
      CREATE TABLE auth_throttle (
        key text PRIMARY KEY,
        failures integer NOT NULL,
        window_start timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['auth_throttle', 'sent_emails', 'notifications', 'outbox', 'sessions', 'users', 'companies']) {
      await q.query(`DROP TABLE IF EXISTS ${t} CASCADE`);
    }
    await q.query(`DROP FUNCTION IF EXISTS outbox_notify()`);
  }
}

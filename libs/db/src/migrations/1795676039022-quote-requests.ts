import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quote requests: a request, its lines and its thread. `number` is human-readable and
 * sequential (Q-000123) from its own sequence; `(requested_by, idempotency_key)` makes a repeated
 * submission return the first request. `expires_at` is the end of `valid_until` in the office's
 * time zone, fixed when the quote is sent, so the worker's sweep is one indexed UPDATE.
 *
 * `quote_request_lines` (kind, catalogue_id, width, height, depth, measure) is also read by the
 * search-demand report to count requested custom sizes per category.
 */
export class QuoteRequests1795676039022 implements MigrationInterface {
  name = 'QuoteRequests1795676039022';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE quote_request_number_seq`);
    await q.query(`
      CREATE TABLE quote_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number text NOT NULL UNIQUE DEFAULT ('Q-' || lpad(nextval('quote_request_number_seq')::text, 6, '0')),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        requester_name text NOT NULL,
        status text NOT NULL DEFAULT 'submitted' CHECK (status IN
          ('submitted', 'in_review', 'info_requested', 'quoted', 'accepted', 'declined', 'expired', 'withdrawn', 'rejected')),
        assignee_id uuid REFERENCES users(id) ON DELETE SET NULL,
        note text CHECK (length(note) <= 4000),
        customer_reference text CHECK (length(customer_reference) <= 100),
        needed_by date,
        valid_until date,
        expires_at timestamptz,
        made_to_order boolean NOT NULL DEFAULT false,
        decision_reason text,
        line_count integer NOT NULL DEFAULT 0,
        revision integer NOT NULL DEFAULT 1,
        version integer NOT NULL DEFAULT 1,
        idempotency_key text CHECK (length(idempotency_key) <= 200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        quoted_at timestamptz,
        decided_at timestamptz
      )`);
    await q.query(`
      CREATE UNIQUE INDEX quote_requests_idempotency_key ON quote_requests (requested_by, idempotency_key)
       WHERE idempotency_key IS NOT NULL`);
    // Lists: the desk (all, by status), an admin's company, an employee's own; the hourly limit.
    await q.query(`CREATE INDEX quote_requests_created_idx ON quote_requests (created_at DESC, id)`);
    await q.query(`CREATE INDEX quote_requests_status_idx ON quote_requests (status, created_at DESC, id)`);
    await q.query(`CREATE INDEX quote_requests_company_idx ON quote_requests (company_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX quote_requests_requester_idx ON quote_requests (requested_by, created_at DESC, id)`);
    await q.query(`CREATE INDEX quote_requests_expiry_idx ON quote_requests (expires_at) WHERE status = 'quoted'`);
    await q.query(`
      CREATE TABLE quote_request_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        quote_request_id uuid NOT NULL REFERENCES quote_requests(id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 1),
        kind text NOT NULL CHECK (kind IN ('catalogue', 'custom_size', 'unlisted')),
        variant_id uuid REFERENCES variants(id) ON DELETE SET NULL,
        part_number text CHECK (length(part_number) <= 100),
        description text,
        catalogue_id uuid,
        catalogue_name text,
        width numeric(10,4),
        height numeric(10,4),
        depth numeric(10,4),
        measure text CHECK (measure IN ('nominal', 'exact')),
        size_type text CHECK (size_type IN ('SINGLE', 'DOUBLE', 'TRIPLE')),
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100000),
        snapshot_price numeric(20,2),
        quoted_price numeric(20,2) CHECK (quoted_price >= 0),
        lead_time_days integer CHECK (lead_time_days BETWEEN 0 AND 365),
        line_status text NOT NULL DEFAULT 'open' CHECK (line_status IN ('open', 'quoted', 'cannot_quote')),
        line_note text,
        UNIQUE (quote_request_id, position),
        CONSTRAINT quote_lines_custom CHECK (kind <> 'custom_size' OR
          (catalogue_id IS NOT NULL AND width IS NOT NULL AND height IS NOT NULL AND depth IS NOT NULL AND measure IS NOT NULL)),
        CONSTRAINT quote_lines_unlisted CHECK (kind <> 'unlisted' OR part_number IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX quote_request_lines_catalogue_idx ON quote_request_lines (catalogue_id, kind)`);
    await q.query(`
      CREATE TABLE quote_request_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        quote_request_id uuid NOT NULL REFERENCES quote_requests(id) ON DELETE CASCADE,
        kind text NOT NULL DEFAULT 'message' CHECK (kind IN ('message', 'request_info', 'reply', 'decline', 'reject')),
        author_id uuid REFERENCES users(id) ON DELETE SET NULL,
        author_name text NOT NULL,
        author_role text,
        body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX quote_request_messages_request_idx ON quote_request_messages (quote_request_id, created_at, id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS quote_request_messages`);
    await q.query(`DROP TABLE IF EXISTS quote_request_lines`);
    await q.query(`DROP TABLE IF EXISTS quote_requests`);
    await q.query(`DROP SEQUENCE IF EXISTS quote_request_number_seq`);
  }
}

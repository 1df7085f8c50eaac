import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order requests at agreed prices: agreed items (a company's quoted custom sizes and unlisted parts,
 * created when a quote is accepted), order requests with their lines (snapshot prices in integer
 * cents, never changed afterwards) and their history, and the company's approval threshold.
 * `number` is readable and sequential (R-000123); `(requested_by, idempotency_key)` makes a repeated
 * submission return the first request.
 */
export class OrderRequests1795700000000 implements MigrationInterface {
  name = 'OrderRequests1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE companies ADD COLUMN approval_threshold_cents bigint CHECK (approval_threshold_cents >= 0)`,
    );
    await q.query(`ALTER TABLE quote_requests ADD COLUMN price_held_until date`);

    await q.query(`
      CREATE TABLE agreed_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        source_quote_id uuid REFERENCES quote_requests(id) ON DELETE SET NULL,
        source_quote_number text,
        source_line_id uuid UNIQUE REFERENCES quote_request_lines(id) ON DELETE SET NULL,
        kind text NOT NULL CHECK (kind IN ('custom_size', 'unlisted')),
        description text NOT NULL,
        part_number text,
        customer_part_no text CHECK (length(customer_part_no) BETWEEN 1 AND 40),
        catalogue_id uuid,
        width numeric(10,4),
        height numeric(10,4),
        depth numeric(10,4),
        measure text CHECK (measure IN ('nominal', 'exact')),
        size_type text CHECK (size_type IN ('SINGLE', 'DOUBLE', 'TRIPLE')),
        price_cents bigint NOT NULL CHECK (price_cents >= 0),
        price_held_until date NOT NULL,
        withdrawn boolean NOT NULL DEFAULT false,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX agreed_items_company_idx ON agreed_items (company_id, created_at DESC, id)`);
    await q.query(
      `CREATE UNIQUE INDEX agreed_items_customer_part_no ON agreed_items (company_id, lower(customer_part_no))
        WHERE customer_part_no IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE agreed_item_prices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        agreed_item_id uuid NOT NULL REFERENCES agreed_items(id) ON DELETE CASCADE,
        price_cents bigint NOT NULL,
        price_held_until date NOT NULL,
        changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX agreed_item_prices_item_idx ON agreed_item_prices (agreed_item_id, changed_at)`);

    await q.query(`CREATE SEQUENCE order_request_number_seq`);
    await q.query(`
      CREATE TABLE order_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number text NOT NULL UNIQUE DEFAULT ('R-' || lpad(nextval('order_request_number_seq')::text, 6, '0')),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        site_id uuid,
        requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        requester_name text NOT NULL,
        status text NOT NULL CHECK (status IN
          ('pending_approval', 'submitted', 'acknowledged', 'confirmed', 'shipped', 'rejected', 'cancelled')),
        po_number text CHECK (length(po_number) <= 35),
        customer_reference text CHECK (length(customer_reference) <= 100),
        needed_by date,
        note text CHECK (length(note) <= 4000),
        total_cents bigint NOT NULL CHECK (total_cents >= 0),
        line_count integer NOT NULL,
        office_ref text,
        ships_on date,
        tracking text,
        decision_reason text,
        version integer NOT NULL DEFAULT 1,
        idempotency_key text CHECK (length(idempotency_key) <= 200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNIQUE INDEX order_requests_idempotency_key ON order_requests (requested_by, idempotency_key)
       WHERE idempotency_key IS NOT NULL`);
    await q.query(`CREATE INDEX order_requests_created_idx ON order_requests (created_at DESC, id)`);
    await q.query(`CREATE INDEX order_requests_status_idx ON order_requests (status, created_at DESC, id)`);
    await q.query(`CREATE INDEX order_requests_company_idx ON order_requests (company_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX order_requests_requester_idx ON order_requests (requested_by, created_at DESC, id)`);
    await q.query(
      `CREATE INDEX order_requests_po_idx ON order_requests (lower(po_number)) WHERE po_number IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE order_request_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_request_id uuid NOT NULL REFERENCES order_requests(id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 1),
        kind text NOT NULL CHECK (kind IN ('catalogue', 'agreed_item')),
        variant_id uuid REFERENCES variants(id) ON DELETE SET NULL,
        agreed_item_id uuid REFERENCES agreed_items(id) ON DELETE SET NULL,
        part_number text,
        description text NOT NULL,
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100000),
        unit_price_cents bigint NOT NULL CHECK (unit_price_cents >= 0),
        line_total_cents bigint NOT NULL CHECK (line_total_cents >= 0),
        UNIQUE (order_request_id, position)
      )`);
    await q.query(
      `CREATE INDEX order_request_lines_variant_idx ON order_request_lines (variant_id) WHERE variant_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX order_request_lines_agreed_idx ON order_request_lines (agreed_item_id) WHERE agreed_item_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX order_request_lines_part_idx ON order_request_lines (lower(part_number))`);
    await q.query(`
      CREATE TABLE order_request_history (
        id bigserial PRIMARY KEY,
        order_request_id uuid NOT NULL REFERENCES order_requests(id) ON DELETE CASCADE,
        action text NOT NULL,
        from_status text,
        to_status text NOT NULL,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        actor_name text NOT NULL,
        actor_role text,
        details jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_request_history_request_idx ON order_request_history (order_request_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS order_request_history`);
    await q.query(`DROP TABLE IF EXISTS order_request_lines`);
    await q.query(`DROP TABLE IF EXISTS order_requests`);
    await q.query(`DROP SEQUENCE IF EXISTS order_request_number_seq`);
    await q.query(`DROP TABLE IF EXISTS agreed_item_prices`);
    await q.query(`DROP TABLE IF EXISTS agreed_items`);
    await q.query(`ALTER TABLE quote_requests DROP COLUMN IF EXISTS price_held_until`);
    await q.query(`ALTER TABLE companies DROP COLUMN IF EXISTS approval_threshold_cents`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Request the month": one row per site and due month names the order request and the quote request
 * made for it. The primary key is the request — a repeat or a concurrent second call finds the row
 * (or waits on it) instead of creating another pair.
 */
export class ProgrammeRequests1795800000000 implements MigrationInterface {
  name = 'ProgrammeRequests1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE programme_requests (
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        site_id uuid NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        month text NOT NULL CHECK (month ~ '^\\d{4}-(0[1-9]|1[0-2])$'),
        order_request_id uuid REFERENCES order_requests(id) ON DELETE SET NULL,
        quote_request_id uuid REFERENCES quote_requests(id) ON DELETE SET NULL,
        requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (site_id, month)
      )`);
    await q.query(`CREATE INDEX programme_requests_company_idx ON programme_requests (company_id, month)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS programme_requests`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order requests per company and status, kept by the database: the orders desk reads its counts per
 * status and a list's total from here instead of counting tens of thousands of rows per request.
 *
 * The trigger is a deferred constraint trigger, so it runs at commit: a submission or a step holds
 * the counter row's lock only while it commits, and concurrent submissions of one company do not
 * queue behind each other's whole transaction. A TRUNCATE of the requests empties the counters.
 */
export class OrderRequestCounts1795820000000 implements MigrationInterface {
  name = 'OrderRequestCounts1795820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE order_request_counts (
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        status text NOT NULL,
        n integer NOT NULL,
        PRIMARY KEY (company_id, status)
      )`);
    await q.query(`
      CREATE FUNCTION order_request_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.company_id = NEW.company_id THEN
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE order_request_counts SET n = n - 1 WHERE company_id = OLD.company_id AND status = OLD.status;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO order_request_counts (company_id, status, n) VALUES (NEW.company_id, NEW.status, 1)
          ON CONFLICT (company_id, status) DO UPDATE SET n = order_request_counts.n + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION order_request_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM order_request_counts;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER order_request_counts_row
        AFTER INSERT OR DELETE OR UPDATE OF status, company_id ON order_requests
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION order_request_counts_apply()`);
    await q.query(`
      CREATE TRIGGER order_request_counts_truncate AFTER TRUNCATE ON order_requests
        FOR EACH STATEMENT EXECUTE FUNCTION order_request_counts_clear()`);
    await q.query(`
      INSERT INTO order_request_counts (company_id, status, n)
      SELECT company_id, status, count(*) FROM order_requests GROUP BY company_id, status`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER order_request_counts_truncate ON order_requests`);
    await q.query(`DROP TRIGGER order_request_counts_row ON order_requests`);
    await q.query(`DROP FUNCTION order_request_counts_clear()`);
    await q.query(`DROP FUNCTION order_request_counts_apply()`);
    await q.query(`DROP TABLE order_request_counts`);
  }
}

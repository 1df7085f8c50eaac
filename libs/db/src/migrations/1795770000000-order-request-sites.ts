import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An order request's site is one of the company's sites: the order requests and the sites were built
 * side by side, so the reference is added once both tables exist.
 */
export class OrderRequestSites1795770000000 implements MigrationInterface {
  name = 'OrderRequestSites1795770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE order_requests SET site_id = NULL WHERE site_id NOT IN (SELECT id FROM sites)`);
    await q.query(
      `ALTER TABLE order_requests ADD CONSTRAINT order_requests_site_fk FOREIGN KEY (site_id) REFERENCES sites(id)`,
    );
    await q.query(`CREATE INDEX order_requests_site_idx ON order_requests (site_id) WHERE site_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX order_requests_site_idx`);
    await q.query(`ALTER TABLE order_requests DROP CONSTRAINT order_requests_site_fk`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A price change's notice lists are found by change and company: the catalogue banner asks whether the
 * company's list is built, and its link serves it to the company's people.
 */
export class NoticeLists1795830000000 implements MigrationInterface {
  name = 'NoticeLists1795830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX pricelists_price_change_idx ON pricelists (price_change_id, company_id)
        WHERE price_change_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX pricelists_price_change_idx`);
  }
}

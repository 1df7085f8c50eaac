import { type Db, execute } from '@portal/db';

/** Fails when the database cannot be reached (health check, boot). */
export async function pingDatabase(db: Db): Promise<void> {
  await execute(db, 'SELECT 1');
}

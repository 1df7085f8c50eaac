import type { ClientEventMap } from '@portal/contracts';
import { queryRows, type Db } from '@portal/db';

/** Who is editing which product (`catalogue_presence`): shared by every API instance. */
export type Editors = ClientEventMap['presence.changed']['editors'];

/**
 * Adds or refreshes the socket's row for the product. Null when the product does not exist;
 * `fresh` when the socket was not there yet.
 */
export async function joinPresence(
  db: Db,
  v: { productId: string; socketId: string; userId: string; username: string; ttlSeconds: number },
): Promise<{ fresh: boolean } | null> {
  const rows = await queryRows<{ fresh: boolean }>(
    db,
    `INSERT INTO catalogue_presence (product_id, socket_id, user_id, username, expires_at)
     SELECT $1, $2, $3, $4, now() + make_interval(secs => $5) WHERE EXISTS (SELECT 1 FROM products WHERE id = $1)
     ON CONFLICT (product_id, socket_id) DO UPDATE SET expires_at = EXCLUDED.expires_at
     RETURNING (xmax = 0) AS fresh`,
    [v.productId, v.socketId, v.userId, v.username, v.ttlSeconds],
  );
  return rows[0] ?? null;
}

/** Expired rows (crashed instance, closed tab without a disconnect); returns the products they left. */
export async function sweepPresence(db: Db): Promise<string[]> {
  const rows = await queryRows<{ product_id: string }>(
    db,
    `WITH gone AS (DELETE FROM catalogue_presence WHERE expires_at < now() RETURNING product_id)
     SELECT DISTINCT product_id FROM gone`,
  );
  return rows.map((r) => r.product_id);
}

/** Removes a socket from one product (or all); returns the products it left. */
export async function leavePresence(db: Db, socketId: string, productId: string | null): Promise<string[]> {
  const rows = await queryRows<{ product_id: string }>(
    db,
    `WITH gone AS (DELETE FROM catalogue_presence WHERE socket_id = $1 AND ($2::uuid IS NULL OR product_id = $2)
                   RETURNING product_id)
     SELECT DISTINCT product_id FROM gone`,
    [socketId, productId],
  );
  return rows.map((r) => r.product_id);
}

export function productEditors(db: Db, productId: string): Promise<Editors> {
  return queryRows(
    db,
    `SELECT user_id AS "userId", min(username) AS username FROM catalogue_presence
      WHERE product_id = $1 AND expires_at > now() GROUP BY user_id ORDER BY min(username), user_id`,
    [productId],
  );
}

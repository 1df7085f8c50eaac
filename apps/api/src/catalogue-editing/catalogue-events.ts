import type { EntityManager } from 'typeorm';
import { rooms, type ClientEventMap } from '@portal/contracts';
import { publishRealtime } from '@portal/platform';

/** `catalogue.changed` to every role room (customers re-fetch with their own prices; no prices here). */
export async function broadcastCatalogueChanged(
  m: EntityManager,
  data: ClientEventMap['catalogue.changed'],
): Promise<void> {
  const roleRooms = ['superadmin', 'admin', 'employee'].map((role) => rooms.role(role));
  await publishRealtime(m, roleRooms, 'catalogue.changed', data);
}

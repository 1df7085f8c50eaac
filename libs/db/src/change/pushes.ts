import { audienceRooms, rooms, type AuditEntity, type ClientPush, type Push } from '@portal/contracts';
import { publishRealtime, type Queryable } from '@portal/platform';

/** Postgres NOTIFY payloads must stay below 8,000 bytes: a larger batch is split. */
const MAX_MESSAGE_BYTES = 7_000;

/**
 * Sends a change's pushes (delivered on commit): per room, the distinct events it hears, and rooms
 * hearing the same events share one message. So each audience gets ONE message per change — the
 * event itself, or a `batch` of them — and superadmins' audit screens learn of new entries in it.
 */
export async function sendPushes(
  m: Queryable,
  pushes: readonly Push[],
  audit: { count: number; entities: AuditEntity[] } | null,
): Promise<void> {
  const perRoom = new Map<string, Map<string, ClientPush>>();
  const hear = (room: string, p: ClientPush) => {
    let events = perRoom.get(room);
    if (!events) perRoom.set(room, (events = new Map()));
    events.set(`${p.event}\u0000${JSON.stringify(p.data)}`, p);
  };
  for (const p of pushes) {
    const rs = p.to.flatMap(audienceRooms);
    if (p.disconnect) {
      // A revocation closes the room's sockets after delivery: never batched with anything.
      await publishRealtime(m, rs, p.event, p.data as never, { disconnect: true });
      continue;
    }
    for (const room of rs) hear(room, { event: p.event, data: p.data } as ClientPush);
  }
  if (audit) hear(rooms.role('superadmin'), { event: 'audit.created', data: audit });

  const groups = new Map<string, { rooms: string[]; events: ClientPush[] }>();
  for (const [room, events] of perRoom) {
    const key = [...events.keys()].join('\u0001');
    const g = groups.get(key);
    if (g) g.rooms.push(room);
    else groups.set(key, { rooms: [room], events: [...events.values()] });
  }
  for (const g of groups.values()) {
    const room = g.rooms.length === 1 ? g.rooms[0] : g.rooms;
    for (const events of chunks(g.events)) {
      if (events.length === 1) await publishRealtime(m, room, events[0].event, events[0].data as never);
      else await publishRealtime(m, room, 'batch', { events });
    }
  }
}

function chunks(events: ClientPush[]): ClientPush[][] {
  const out: ClientPush[][] = [];
  let cur: ClientPush[] = [];
  let size = 0;
  for (const e of events) {
    const n = JSON.stringify(e).length + 1;
    if (cur.length && size + n > MAX_MESSAGE_BYTES) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(e);
    size += n;
  }
  if (cur.length) out.push(cur);
  return out;
}

import type { OpsSummary } from './ops';
import type { QuoteStatus } from './quotes';
import type { OrderStatus } from './orders';

/** A notification as the list (`GET notification`) and the live event (`notification.created`) carry it. */
export interface NotificationView {
  _id: string;
  username: string;
  email: string;
  description: string;
  date: string;
  read_status: boolean;
  /** Issue 27: who caused it (screens ignore their own actions) and the page it is about. */
  actor_id?: string | null;
  link?: string | null;
}

/** Socket.IO server → client events (docs/ARCHITECTURE.md#realtime). Payloads never carry prices. */
export interface ClientEventMap {
  'notification.created': NotificationView;
  /** Notifications marked read (`all`: every one unread at the time); `unread` is the count left. */
  'notification.read': { ids: string[]; all: boolean; unread: number };
  'session.revoked': { reason: 'logout' | 'password_changed' | 'disabled' | 'deleted' | 'revoked' };
  'catalogue.changed': {
    categoryId: string | null;
    productId: string | null;
    /**
     * What to refetch: `prices` — the prices in scope moved (a multiplier, a product line, list
     * prices); `catalogue` — anything in scope may have changed. No scope (both ids null) = everything.
     */
    kind: 'product' | 'variants' | 'files' | 'catalogue' | 'prices';
  };
  'file.processed': { fileId: string; status: 'ready' | 'rejected'; reason?: string };
  'presence.changed': { productId: string; editors: { userId: string; username: string }[] };
  /** Companies/users changed: lists showing them refetch (to superadmins and the company's room). */
  'org.changed': { entity: 'company' | 'user'; action: 'created' | 'updated' | 'deleted'; companyId: string | null };
  /** New audit entries were written (to superadmins): the audit screens refetch. */
  'audit.created': { count: number; entities: string[] };
  /** A catalogue import's progress (superadmins): rows done of total (total 0 = not known yet). */
  'import.progress': {
    id: string;
    status:
      'queued' | 'validating' | 'ready' | 'invalid' | 'scheduled' | 'applying' | 'applied' | 'conflict' | 'failed';
    done: number;
    total: number;
  };
  /** The requester's price list can be downloaded (to the requester's user room). */
  'pricelist.ready': { _id: string };
  /** A price list being built moved on (rows written, or it failed); to the requester's user room. */
  'pricelist.progress': { _id: string; status: 'running' | 'failed'; rows: number; total: number | null };
  /* ---- Quote requests */
  /** A quote request changed: to superadmins, its requester and its company's admins. No prices. */
  'quote.changed': { _id: string; number: string; status: QuoteStatus };
  /** An order request changed: to superadmins, its requester and its company's admins. No prices. */
  'order.changed': { _id: string; number: string; status: OrderStatus };
  /* ---- Operations and email deliverability ---- */
  /**
   * Something on the operations dashboard moved (to superadmins, at most one per 2 s): refetch the
   * parts named. `summary` is the summary that saw the move (what `GET ops/summary` answers now), so
   * an open screen shows it without asking; a screen refetches it when it is absent.
   */
  'ops.changed': { at: string; parts: ('summary' | 'activity' | 'online' | 'jobs' | 'email')[]; summary?: OpsSummary };
  /** An email to one of the company's people bounced (to that company's admins). */
  'email.bounced': { userId: string | null; email: string; message: string };
  /** A site's filter programme changed (to the company's admins and the site's contacts, not the actor). */
  'programme.changed': { site_id: string };
  /** A scheduled price change moved (superadmins' lists; a company's banner when `companyId` is it or null). */
  'price_change.changed': { _id: string; status: string; companyId: string | null };
  /**
   * Several pushes of ONE change to one audience, as one message (libs/db `commitChange`): the web
   * bus hands each on as if it had come alone. A change with one push to a room sends it plain.
   */
  batch: { events: ClientPush[] };
}

/** One server → client event with its payload (an element of a `batch`). */
export type ClientPush = {
  [E in Exclude<keyof ClientEventMap, 'batch'>]: { event: E; data: ClientEventMap[E] };
}[Exclude<keyof ClientEventMap, 'batch'>];

export type ClientEventName = keyof ClientEventMap;

/**
 * Presence (who edits which product): a row lives the server's presence TTL (env PRESENCE_TTL_SECONDS,
 * default 90 s) unless its socket sends `presence.join` again; an open editor does so every third of it
 * (`presenceHeartbeatSeconds` of `GET config`), or every PRESENCE_HEARTBEAT_SECONDS before it knows.
 */
export const PRESENCE_HEARTBEAT_SECONDS = 30;

/** Rooms a socket joins after its handshake. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  company: (companyId: string) => `company:${companyId}`,
  role: (role: string) => `role:${role}`,
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

/** A message for the realtime bus: whichever API instance holds the room delivers it. */
export interface RealtimeMessage<E extends ClientEventName = ClientEventName> {
  /** One room, or several: a socket in more than one of them still gets the message once. */
  room: string | string[];
  event: E;
  data: ClientEventMap[E];
  /** Close the room's sockets after delivering (session revocation). */
  disconnect?: boolean;
}

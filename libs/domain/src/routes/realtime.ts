import { z, type ZodType } from 'zod';
import { ORDER_STATUSES, QUOTE_STATUSES, type ClientEventName } from '@portal/contracts';
import { PRICE_CHANGE_STATUSES } from '../price-changes/schemas';
import { notificationViewSchema } from './wire';

/*
 * The realtime wire beside the routes: every Socket.IO event a client can receive (payload schema and
 * who receives it) and every message a client may send. Socket.IO on `/socket.io`, handshake
 * `auth: { token, envelope? }`. Each event arrives under its own name, in commit order; a client that
 * sets `envelope: true` gets a change's events to it as one `batch` message instead (the web app).
 */

export interface ServerEventSpec {
  payload: ZodType;
  /** Who receives it (rooms joined at the handshake: user, session, role, company). */
  audience: string;
  summary: string;
}

const id = z.string();

/** Loose where a payload carries a whole view that its own route documents (the ops summary). */
const opsParts = z.array(z.enum(['summary', 'activity', 'online', 'jobs', 'email']));

export const SERVER_EVENTS = {
  'notification.created': {
    payload: notificationViewSchema,
    audience: 'superadmins',
    summary: 'A new notification in the feed.',
  },
  'notification.read': {
    payload: z.object({ ids: z.array(id), all: z.boolean(), unread: z.number().int() }),
    audience: 'the superadmin who marked them (every tab)',
    summary: 'Notifications marked read; `unread` is the count left.',
  },
  'session.revoked': {
    payload: z.object({ reason: z.enum(['logout', 'password_changed', 'disabled', 'deleted', 'revoked']) }),
    audience: 'the session (its sockets are closed right after)',
    summary: 'The session ended; sign in again.',
  },
  'catalogue.changed': {
    payload: z.object({
      categoryId: id.nullable(),
      productId: id.nullable(),
      kind: z.enum(['product', 'variants', 'files', 'catalogue', 'prices']),
    }),
    audience: 'everyone who sees the catalogue part (superadmins; the companies whose prices moved)',
    summary: 'What to refetch. No prices: the client asks the API, which prices it for its company.',
  },
  'file.processed': {
    payload: z.object({ fileId: id, status: z.enum(['ready', 'rejected']), reason: z.string().optional() }),
    audience: 'superadmins',
    summary: 'An uploaded product file was checked.',
  },
  'presence.changed': {
    payload: z.object({ productId: id, editors: z.array(z.object({ userId: id, username: z.string() })) }),
    audience: 'superadmins',
    summary: 'Who edits a product now.',
  },
  'org.changed': {
    payload: z.object({
      entity: z.enum(['company', 'user']),
      action: z.enum(['created', 'updated', 'deleted']),
      companyId: id.nullable(),
    }),
    audience: "superadmins and the company's room",
    summary: 'Companies or users changed: lists showing them refetch.',
  },
  'audit.created': {
    payload: z.object({ count: z.number().int(), entities: z.array(z.string()) }),
    audience: 'superadmins',
    summary: 'New audit entries.',
  },
  'import.progress': {
    payload: z.object({
      id,
      status: z.enum([
        'queued',
        'validating',
        'ready',
        'invalid',
        'scheduled',
        'applying',
        'applied',
        'conflict',
        'failed',
      ]),
      done: z.number().int(),
      total: z.number().int(),
    }),
    audience: 'superadmins',
    summary: "A catalogue import's progress (total 0: not known yet).",
  },
  'pricelist.ready': {
    payload: z.object({ _id: id }),
    audience: 'the requester',
    summary: 'A price list can be downloaded.',
  },
  'pricelist.progress': {
    payload: z.object({
      _id: id,
      status: z.enum(['running', 'failed']),
      rows: z.number().int(),
      total: z.number().int().nullable(),
    }),
    audience: 'the requester',
    summary: 'A price list being built moved on.',
  },
  'quote.changed': {
    payload: z.object({ _id: id, number: z.string(), status: z.enum(QUOTE_STATUSES) }),
    audience: "superadmins, the requester and the company's admins",
    summary: 'A quote request changed. No prices.',
  },
  'order.changed': {
    payload: z.object({ _id: id, number: z.string(), status: z.enum(ORDER_STATUSES) }),
    audience: "superadmins, the requester and the company's admins",
    summary: 'An order request changed. No prices.',
  },
  'ops.changed': {
    payload: z.object({ at: z.string(), parts: opsParts, summary: z.record(z.string(), z.unknown()).optional() }),
    audience: 'superadmins (at most one per 2 s)',
    summary: 'Parts of the operations dashboard to refetch (`summary`: what `GET ops/summary` answers now).',
  },
  'price_change.changed': {
    payload: z.object({ _id: id, status: z.enum(PRICE_CHANGE_STATUSES), companyId: id.nullable() }),
    audience: "superadmins; the company it moves (every company's room for a list-price change)",
    summary: 'A scheduled price change moved on: lists and the catalogue banner refetch. No prices.',
  },
  'email.bounced': {
    payload: z.object({ userId: id.nullable(), email: z.string(), message: z.string() }),
    audience: "the company's admins",
    summary: "An email to one of the company's people bounced.",
  },
  'programme.changed': {
    payload: z.object({ site_id: id }),
    audience: "the company's active admins and the site's contacts, not the one who changed it",
    summary: "A site's filter programme changed: its site and due views refetch.",
  },
} satisfies Record<Exclude<ClientEventName, 'batch'>, ServerEventSpec>;

export type ServerEventName = keyof typeof SERVER_EVENTS;

/** The envelope, only to sockets that asked for it at the handshake. */
export const BATCH_EVENT = {
  payload: z.object({ events: z.array(z.object({ event: z.string(), data: z.unknown() })) }),
  audience: 'sockets that set `auth.envelope: true`',
  summary: "One change's events to this socket, in commit order, as one message.",
} satisfies ServerEventSpec;

/** Client → server messages (acknowledged). */
export const CLIENT_MESSAGES = {
  'presence.join': {
    payload: z.object({ productId: z.uuid() }),
    ack: z.union([
      z.object({ editors: z.array(z.object({ userId: id, username: z.string() })) }),
      z.object({ error: z.string() }),
    ]),
    who: 'superadmins',
    summary: 'Opening a product in edit mode (again every 30 s while it stays open).',
  },
  'presence.leave': {
    payload: z.object({ productId: z.uuid() }),
    ack: z.unknown(),
    who: 'superadmins',
    summary: 'Closing it (disconnecting leaves every product).',
  },
} as const;

/** Problems of a received event against its declared payload (empty: it matches, or it is not declared). */
export function eventProblems(event: string, data: unknown): string[] {
  const spec = event === 'batch' ? BATCH_EVENT : (SERVER_EVENTS as Record<string, ServerEventSpec>)[event];
  if (!spec) return [`'${event}' is not a declared realtime event`];
  const result = spec.payload.safeParse(data);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
}

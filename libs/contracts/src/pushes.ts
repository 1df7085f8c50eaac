import type { ClientEventMap, ClientPush, NotificationView } from './client-events';
import { rooms } from './client-events';
import { EVENT_JOBS, type EmailBouncedEvent, type EventMap, type EventType } from './events';
import type { OrgChange } from './org';
import type { PriceChangeRef } from './events';

/*
 * Who hears what (docs/ARCHITECTURE.md#the-road-of-one-change). Every change a service commits goes
 * through libs/db `commitChange`, which writes its audit entries and outbox events and sends the live
 * pushes this table names — one message per audience. Payloads never carry prices.
 */

/**
 * Changes that reach only screens and the audit log: no outbox row, no worker job. Everything else
 * a change can be is an outbox event (`EventMap`).
 */
export interface LiveChangeMap {
  /** A category's settings changed; `productLineChanged`: which multiplier prices it moved. */
  'category.updated': { categoryId: string; productLineChanged: boolean };
  /** Sessions were ended: their sockets are told why and closed. */
  'session.revoked': { sessionIds: string[]; reason: ClientEventMap['session.revoked']['reason'] };
  /** The worker wrote a notification record. */
  'notification.created': NotificationView;
  /** Notifications were marked read. */
  'notification.read': ClientEventMap['notification.read'];
  /** The worker checked an uploaded catalogue file. */
  'catalogue.file_processed': ClientEventMap['file.processed'] & {
    categoryId: string | null;
    productId: string | null;
  };
  /** Something a user's row shows changed (an invitation expired, a suppression was lifted): lists refetch. */
  'user.row_changed': { companyId: string | null };
  /** A quote request moved. `userIds`: its requester and its company's active admins. */
  'quote.changed': ClientEventMap['quote.changed'] & { userIds: string[] };
  /** A site's programme changed. `userIds`: the company's active admins and the site's contacts, minus the actor. */
  'programme.changed': ClientEventMap['programme.changed'] & { userIds: string[] };
  /** An order request moved. `userIds`: its requester and its company's active admins. */
  'order.changed': ClientEventMap['order.changed'] & { userIds: string[] };
}

/** Every kind of change: outbox events and live-only changes. */
export type ChangeMap = EventMap & LiveChangeMap;
export type ChangeType = keyof ChangeMap;

/** The live-only change types, as data (the start-up check walks them). */
const LIVE_CHANGES: { [K in keyof LiveChangeMap]: true } = {
  'category.updated': true,
  'session.revoked': true,
  'notification.created': true,
  'notification.read': true,
  'catalogue.file_processed': true,
  'user.row_changed': true,
  'quote.changed': true,
  'programme.changed': true,
  'order.changed': true,
};
export const LIVE_CHANGE_TYPES = Object.keys(LIVE_CHANGES) as (keyof LiveChangeMap)[];

/** True for changes written to the outbox (they have an `EVENT_JOBS` entry, possibly empty). */
export function isOutboxEvent(type: ChangeType): type is EventType {
  return Object.prototype.hasOwnProperty.call(EVENT_JOBS, type);
}

/** Who a push reaches. Each audience is a set of Socket.IO rooms (`audienceRooms`). */
export type Audience =
  | { to: 'superadmins' }
  /** The admins and employees of every company. */
  | { to: 'all_companies' }
  /** Every signed-in user: superadmins and all companies. */
  | { to: 'everyone' }
  /** The users of one company. */
  | { to: 'company'; companyId: string }
  /** One user's open tabs. */
  | { to: 'user'; userId: string }
  /** One session's sockets. */
  | { to: 'session'; sessionId: string };

export const audience = {
  superadmins: { to: 'superadmins' } as Audience,
  allCompanies: { to: 'all_companies' } as Audience,
  everyone: { to: 'everyone' } as Audience,
  company: (companyId: string): Audience => ({ to: 'company', companyId }),
  user: (userId: string): Audience => ({ to: 'user', userId }),
  session: (sessionId: string): Audience => ({ to: 'session', sessionId }),
} as const;
const { superadmins, everyone, company, user, session } = audience;

export function audienceRooms(a: Audience): string[] {
  switch (a.to) {
    case 'superadmins':
      return [rooms.role('superadmin')];
    case 'all_companies':
      return [rooms.role('admin'), rooms.role('employee')];
    case 'everyone':
      return [rooms.role('superadmin'), rooms.role('admin'), rooms.role('employee')];
    case 'company':
      return [rooms.company(a.companyId)];
    case 'user':
      return [rooms.user(a.userId)];
    case 'session':
      return [rooms.session(a.sessionId)];
  }
}

/** One live push of a change: the client event, its payload, who hears it. */
export type Push = ClientPush & { to: readonly Audience[]; disconnect?: boolean };

/** A typed push: `push('org.changed', data, superadmins, company(id))`. */
export function push<E extends Exclude<keyof ClientEventMap, 'batch'>>(
  event: E,
  data: ClientEventMap[E],
  ...to: Audience[]
): Push {
  return { event, data, to } as Push;
}

/** The pushes of one change, from its payload (without `actor`, which the exit stamps on). */
export type PushRoute<T extends ChangeType> = (payload: ChangeMap[T]) => readonly Push[];
export type PushRoutes = { [T in ChangeType]: PushRoute<T> };

const none = (): readonly Push[] => [];

/** `org.changed` for lists showing companies/users: superadmins and the company's own users. */
function orgChanged(
  entity: 'company' | 'user',
  action: 'created' | 'updated' | 'deleted',
  companyId: string | null,
): Push {
  return push('org.changed', { entity, action, companyId }, superadmins, ...(companyId ? [company(companyId)] : []));
}

const MULTIPLIER_FIELDS: readonly OrgChange['field'][] = [
  'discount_percentage',
  'rigidflow_percentage',
  'minipro_percentage',
  'polyroll_percentage',
];

/** A change that moves prices: every open catalogue in scope refetches (no scope = everything). */
function pricesChanged(categoryId: string | null, productId: string | null, ...to: Audience[]): Push {
  return push('catalogue.changed', { categoryId, productId, kind: 'prices' }, ...to);
}

/** A price change moved: superadmins' lists, and the banner of the companies whose prices it moves. */
function priceChangeChanged(p: PriceChangeRef, status: string): Push {
  return push(
    'price_change.changed',
    { _id: p.priceChangeId, status, companyId: p.companyId },
    superadmins,
    p.companyId ? company(p.companyId) : audience.allCompanies,
  );
}

/** "The welcome email to x@y.com bounced: mailbox does not exist" */
export function bounceSentence(p: Pick<EmailBouncedEvent, 'templateLabel' | 'recipient' | 'reason' | 'kind'>): string {
  return p.kind === 'complaint'
    ? `The ${p.templateLabel} to ${p.recipient} was reported as spam`
    : `The ${p.templateLabel} to ${p.recipient} bounced: ${p.reason}`;
}

/**
 * The push-route table: which rooms each change reaches. `assertPushRoutesComplete` fails start-up
 * when a change type has no entry (`none` is an entry: a change nobody's screen shows).
 */
export const CHANGE_PUSHES: PushRoutes = {
  'auth.login_throttled': none,
  'auth.disabled_login': none,
  'account.password_reset_requested': none,
  'account.password_reset_completed': none,
  'account.password_changed': none,
  'account.profile_updated': (p) => [orgChanged('user', 'updated', p.companyId)],
  'account.email_change_requested': none,
  'account.profile_image_changed': none,
  'account.company_image_changed': (p) => [orgChanged('company', 'updated', p.targetCompanyId)],

  'company.created': (p) => [orgChanged('company', 'created', p.companyId)],
  // A multiplier moves only that company's prices: its users' catalogues refetch, nobody else's.
  'company.updated': (p) => [
    orgChanged('company', 'updated', p.companyId),
    ...(p.changes.some((c) => MULTIPLIER_FIELDS.includes(c.field))
      ? [pricesChanged(null, null, company(p.companyId))]
      : []),
  ],
  'company.deleted': (p) => [orgChanged('company', 'deleted', p.companyId)],
  'user.created': (p) => [orgChanged('user', 'created', p.companyId)],
  'user.updated': (p) => [orgChanged('user', 'updated', p.companyId)],
  'user.status_changed': (p) => [orgChanged('user', 'updated', p.companyId)],
  'user.deleted': (p) => [orgChanged('user', 'deleted', p.companyId)],
  'user.resend_requested': none,
  // Invitations: the user lists show the invitation's state.
  'user.invited': (p) => [orgChanged('user', 'updated', p.companyId)],
  'user.invitation_revoked': (p) => [orgChanged('user', 'updated', p.companyId)],
  'user.invitation_accepted': (p) => [orgChanged('user', 'updated', p.companyId)],
  'user.invitation_new_link_requested': (p) => [orgChanged('user', 'updated', p.companyId)],
  'user.row_changed': (p) => [orgChanged('user', 'updated', p.companyId)],

  // List prices are everyone's: a save that moved one reaches every company.
  'catalogue.variants_saved': (p) => [
    push(
      'catalogue.changed',
      { categoryId: p.categoryId, productId: p.productId, kind: p.priceChanges > 0 ? 'prices' : 'variants' },
      everyone,
    ),
  ],
  'catalogue.product_added': (p) => [
    push('catalogue.changed', { categoryId: p.categoryId, productId: p.productId, kind: 'product' }, everyone),
  ],
  'catalogue.product_deleted': (p) => [
    push('catalogue.changed', { categoryId: p.categoryId, productId: p.productId, kind: 'product' }, everyone),
  ],
  'catalogue.files_uploaded': (p) => [
    push(
      'catalogue.changed',
      { categoryId: p.categoryId, productId: p.ownerType === 'product' ? p.ownerId : null, kind: 'files' },
      everyone,
    ),
  ],
  'catalogue.file_deleted': (p) => [
    push(
      'catalogue.changed',
      { categoryId: p.categoryId, productId: p.ownerType === 'product' ? p.ownerId : null, kind: 'files' },
      everyone,
    ),
  ],
  'catalogue.import_requested': none,
  'catalogue.import_apply_requested': none,
  'programme.import_requested': none,
  // An applied import may move any list price and add products: every screen refetches all.
  'catalogue.import_finished': (p) =>
    p.phase === 'apply' && p.status === 'applied' ? [pricesChanged(null, null, everyone)] : [],

  'two_factor.enabled': none,
  'two_factor.disabled': none,
  'two_factor.reset': none,

  'pricelist.requested': none,
  'pricelist.ready': (p) => [push('pricelist.ready', { _id: p.pricelistId }, user(p.actor.id))],
  'pricelist.failed': none,

  // Quote requests: the screens hear the live `quote.changed` of the same change, which
  // reaches superadmins, the requester and the company's admins — no other employee, no other company.
  'quote.submitted': none,
  'quote.info_requested': none,
  'quote.replied': none,
  'quote.quoted': none,
  'quote.accepted': none,
  'quote.changed': (p) => [
    push('quote.changed', { _id: p._id, number: p.number, status: p.status }, superadmins, ...p.userIds.map(user)),
  ],

  'programme.reminder': none,
  // Sites and the filter programme: by user rooms, so no employee who is not a contact and no other company.
  'programme.changed': (p) =>
    p.userIds.length ? [push('programme.changed', { site_id: p.site_id }, ...p.userIds.map(user))] : [],
  // Price changes on a date: the lists and banners follow; applied prices refetch where they moved.
  'price_change.scheduled': (p) => [priceChangeChanged(p, 'scheduled')],
  'price_change.updated': (p) => [priceChangeChanged(p, 'scheduled')],
  'price_change.cancelled': (p) => [priceChangeChanged(p, 'cancelled')],
  'price_change.noticed': (p) => [priceChangeChanged(p, 'scheduled')],
  // The banner's link to the new list appears once the company's list is built.
  'price_change.notice_list_ready': (p) => [
    push(
      'price_change.changed',
      { _id: p.priceChangeId, status: 'scheduled', companyId: p.companyId },
      company(p.recipient.companyId),
    ),
    // The admin's own price lists show it at once (the admin is the list's requester).
    ...(p.list ? [push('pricelist.ready', { _id: p.list.pricelistId }, user(p.recipient.userId))] : []),
  ],
  'price_change.applied': (p) => [
    priceChangeChanged(p, 'applied'),
    ...(p.companyId
      ? [pricesChanged(null, null, company(p.companyId)), orgChanged('company', 'updated', p.companyId)]
      : [pricesChanged(null, null, everyone)]),
  ],
  'price_change.failed': (p) => [priceChangeChanged(p, 'failed')],
  // Order requests: as quotes, the screens hear the live `order.changed` of the same change.
  'order.submitted': none,
  'order.approval_requested': none,
  'order.approved': none,
  'order.rejected': none,
  'order.acknowledged': none,
  'order.confirmed': none,
  'order.shipped': none,
  'order.cancelled': none,
  'order.changed': (p) => [
    push('order.changed', { _id: p._id, number: p.number, status: p.status }, superadmins, ...p.userIds.map(user)),
  ],

  // Email deliverability: the company's admins get a toast, every user list the new status.
  'email.bounced': (p) =>
    p.user?.companyId
      ? [
          ...(p.admins.length
            ? [
                push(
                  'email.bounced',
                  { userId: p.user.userId, email: p.recipient, message: bounceSentence(p) },
                  ...p.admins.map((a) => user(a.userId)),
                ),
              ]
            : []),
          orgChanged('user', 'updated', p.user.companyId),
        ]
      : [],

  // A product line decides which multiplier prices a category: every company's prices there move.
  'category.updated': (p) => [
    p.productLineChanged
      ? pricesChanged(p.categoryId, null, everyone)
      : push('catalogue.changed', { categoryId: p.categoryId, productId: null, kind: 'catalogue' }, everyone),
  ],
  'session.revoked': (p) =>
    p.sessionIds.map((id) => ({
      ...push('session.revoked', { reason: p.reason }, session(id)),
      disconnect: true,
    })),
  'notification.created': (p) => [push('notification.created', p, superadmins)],
  'notification.read': (p) => [push('notification.read', p, superadmins)],
  'catalogue.file_processed': (p) => [
    push(
      'file.processed',
      { fileId: p.fileId, status: p.status, ...(p.reason !== undefined ? { reason: p.reason } : {}) },
      superadmins,
    ),
    push('catalogue.changed', { categoryId: p.categoryId, productId: p.productId, kind: 'files' }, everyone),
  ],
};

/**
 * Fails start-up when a change type (an outbox event or a live-only change) has no push route, or
 * the table routes a type that does not exist — as the worker's handler registry does for jobs.
 */
export function assertPushRoutesComplete(
  routes: Partial<Record<string, unknown>> = CHANGE_PUSHES,
  types: readonly string[] = [...(Object.keys(EVENT_JOBS) as EventType[]), ...LIVE_CHANGE_TYPES],
): void {
  const problems: string[] = [];
  for (const type of types) {
    if (typeof routes[type] !== 'function') problems.push(`change '${type}' has no push route (CHANGE_PUSHES)`);
  }
  const known = new Set(types);
  for (const type of Object.keys(routes)) {
    if (!known.has(type)) problems.push(`CHANGE_PUSHES routes '${type}', which is neither an event nor a live change`);
  }
  if (problems.length) throw new Error(`Push-route table is incomplete:\n  - ${problems.join('\n  - ')}`);
}

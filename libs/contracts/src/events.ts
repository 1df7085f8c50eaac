import type { AccountUserRef } from './account';
import type { OrgActor, OrgChange, OrgUserRef } from './org';
import type { PricelistFormat, PricelistScope } from './pricelists';
import type { QuoteStatus } from './quotes';
import type { PriceChangeKind } from './price-changes';
import type { OrderStatus } from './orders';
import type { RoleKey } from './roles';

/**
 * A single-use set-password token for welcome / account-information emails. The raw token lives
 * only in the outbox row (erased when the token is used or superseded) and the email it becomes.
 */
export interface SetPasswordLink {
  token?: string;
  tokenExpiresAt?: string;
}

/** Issue 27: the new account was invited (`user.invited` emails the link; no welcome email). */
export interface InvitedFlag {
  invited?: boolean;
}

/**
 * Domain events written to the transactional outbox (docs/ARCHITECTURE.md#domain-events).
 * Every event type names its payload here; the relay maps each to the jobs in EVENT_JOBS.
 */
export interface EventMap {
  /** Repeated failed sign-ins tripped the per-account throttle. */
  'auth.login_throttled': {
    email: string;
    userId: string | null;
    username: string | null;
    ip: string;
    failures: number;
  };
  /** A disabled account presented the correct password. */
  'auth.disabled_login': { userId: string; username: string; email: string };

  /**
   * A reset link was issued. `token` is the raw single-use token (the database keeps only its
   * SHA-256): it must reach the email worker. The API deletes it from this outbox row as soon as the
   * token is used or voided, and it is worthless after `expiresAt` (1 hour).
   */
  'account.password_reset_requested': AccountUserRef & { token?: string; expiresAt: string; ip: string };
  /** A reset link was used: the password changed and every session was ended. */
  'account.password_reset_completed': AccountUserRef & { ip: string };
  /** A signed-in user changed their password; their other sessions were ended. */
  'account.password_changed': AccountUserRef & { ip: string };
  /** A user edited their own profile (username and/or email). */
  'account.profile_updated': AccountUserRef & { changed: ('username' | 'email')[]; previousEmail: string | null };
  /**
   * A user asked to move their account to `newEmail` (password checked). The email worker sends the
   * confirmation link (raw single-use `token`, 1 hour) to the new address; when the address already
   * belongs to an account there is no token and the new address is told so instead.
   */
  'account.email_change_requested': AccountUserRef & {
    newEmail: string;
    token?: string;
    expiresAt: string;
    addressInUse: boolean;
    ip: string;
  };
  /** A user replaced their profile image. */
  'account.profile_image_changed': AccountUserRef;
  /** An admin (own company) or a superadmin replaced a company's image. `AccountUserRef` is the actor. */
  'account.company_image_changed': AccountUserRef & { targetCompanyId: string; companyName: string };

  /* Companies and users. `actor` is who did it; payloads never carry passwords. */
  /** A company and its first administrator were created (welcome email to that admin). */
  'company.created': { companyId: string; name: string; admin: OrgUserRef; actor: OrgActor } & SetPasswordLink &
    InvitedFlag;
  /** Company fields changed (name, status, multipliers). */
  'company.updated': { companyId: string; name: string; changes: OrgChange[]; actor: OrgActor };
  /** A company and all its users were deleted. */
  'company.deleted': { companyId: string; name: string; deletedUsers: number; actor: OrgActor };
  /** An administrator or employee was added (welcome email). */
  'user.created': OrgUserRef & { actor: OrgActor } & SetPasswordLink & InvitedFlag;
  /** Username and/or email changed (email to the user listing what changed; old address told too). */
  'user.updated': OrgUserRef & { changes: OrgChange[]; previousEmail: string | null; actor: OrgActor };
  /** An account was enabled or disabled. */
  'user.status_changed': OrgUserRef & { active: boolean; actor: OrgActor };
  /** A user was deleted (singly or in bulk: one event per user). */
  'user.deleted': OrgUserRef & { actor: OrgActor };
  /** "Resend Account Information?": email with the sign-in and set-password links. */
  'user.resend_requested': OrgUserRef & { actor: OrgActor } & SetPasswordLink;

  /* Invitations. The raw token travels once, in the event that emails it (erased from
     the outbox when the invitation ends). `actor` is null when the invited person acted. */
  /** An invitation was sent: on creation with `invite: true`, or a resend (the older link ended). */
  'user.invited': OrgUserRef & { actor: OrgActor; resend: boolean; token?: string; expiresAt: string };
  /** The invitation was withdrawn before it was accepted. */
  'user.invitation_revoked': OrgUserRef & { actor: OrgActor };
  /** The person chose their password through the link (and is signed in). */
  'user.invitation_accepted': OrgUserRef;
  /** The person opened an expired or withdrawn link and asked for a new one. */
  'user.invitation_new_link_requested': OrgUserRef & { invitationStatus: 'expired' | 'revoked' };

  /* Catalogue editing. `actor` is the superadmin; payloads never carry prices. */
  /** A product's variants were saved (atomic grid save or one of the single-variant calls). */
  'catalogue.variants_saved': CatalogueProductRef & {
    added: number;
    updated: number;
    deleted: number;
    priceChanges: number;
    actor: OrgActor;
  };
  /** A product was added with its default variant. */
  'catalogue.product_added': CatalogueProductRef & { partNumber: string; actor: OrgActor };
  /** A product and all its variants were deleted. */
  'catalogue.product_deleted': CatalogueProductRef & { variants: number; actor: OrgActor };
  /** Product resources were uploaded; each file goes to the `files` queue for checks/thumbnails. */
  'catalogue.files_uploaded': CatalogueFileOwnerRef & { files: { fileId: string; name: string }[]; actor: OrgActor };
  /** A product resource was deleted. */
  'catalogue.file_deleted': CatalogueFileOwnerRef & { fileId: string; name: string; actor: OrgActor };

  /* Two-factor sign-in. Payloads never carry secrets, codes or recovery codes. */
  /** A user turned two-factor on (their other sessions were ended). */
  'two_factor.enabled': AccountUserRef & { ip: string };
  /** A user turned two-factor off. */
  'two_factor.disabled': AccountUserRef & { ip: string };
  /** A superadmin removed a user's second factor; the user's sessions were ended. */
  'two_factor.reset': OrgUserRef & { actor: OrgActor };
  /* Catalogue import (dry run, then apply): jobs for the `imports` queue and the finish notice. */
  /** A file was uploaded: the worker validates and diffs it (nothing changes). */
  'catalogue.import_requested': { importId: string; fileName: string; actor: OrgActor };
  /** The superadmin confirmed a clean dry run: the worker applies it. */
  'catalogue.import_apply_requested': { importId: string; fileName: string; actor: OrgActor };
  /** A programme file was uploaded (sites, units, filter slots): the worker dry-runs it. */
  'programme.import_requested': { importId: string; fileName: string; companyId: string; actor: OrgActor };
  /** A dry run or an apply ended (notification + email to the superadmin who started it). */
  'catalogue.import_finished': {
    importId: string;
    fileName: string;
    phase: 'dry_run' | 'apply';
    status: 'ready' | 'invalid' | 'applied' | 'conflict' | 'failed';
    counts: ImportCounts;
    message: string | null;
    actor: OrgActor;
  };
  /* Customer price lists. `actor` is the requester; payloads never carry prices. */
  /** A price list was requested: the `pricelists` queue builds the file. */
  'pricelist.requested': PricelistRef;
  /** The file is ready to download (notification; `pricelist.ready` goes to the requester's sockets). */
  'pricelist.ready': PricelistRef & { rows: number };
  /** Building the file failed for good (after the job's retries). */
  'pricelist.failed': PricelistRef & { reason: string };

  /* ---- Price changes on a date. Payloads never carry prices. ---- */
  /** A change was scheduled, moved or cancelled by a superadmin (audit; superadmins' lists refetch). */
  'price_change.scheduled': PriceChangeRef & { actor: OrgActor };
  'price_change.updated': PriceChangeRef & { actor: OrgActor };
  'price_change.cancelled': PriceChangeRef & { actor: OrgActor };
  /**
   * The notice went out (worker): each affected company's admins get an email, their screens the banner.
   * `recipients` are resolved in the notice's transaction.
   */
  'price_change.noticed': PriceChangeRef & {
    companyIds: string[] | 'all';
    /** 'Thu 1 January' — the day it takes effect in the office's time zone. */
    dayText: string;
    recipients: { userId: string; username: string; email: string; companyName: string }[];
    actor: OrgActor;
  };
  /**
   * One admin's price list at the new prices was built for the notice (or failed for good: `pricelistId`
   * null): the notice email leaves now, with the list attached. The file is named by its storage name in
   * the files store, never carried in the payload.
   */
  'price_change.notice_list_ready': PriceChangeRef & {
    dayText: string;
    recipient: { userId: string; username: string; email: string; companyId: string; companyName: string };
    list: { pricelistId: string; storageName: string; fileName: string; format: PricelistFormat } | null;
    actor: OrgActor;
  };
  /** The change took effect (worker), in the transaction that wrote the new prices. */
  'price_change.applied': PriceChangeRef & { actor: OrgActor };
  /** The change could not be applied; nothing changed (`message` says why). */
  'price_change.failed': PriceChangeRef & { message: string; actor: OrgActor };
  /* ---- Quote requests. `actor` is who acted; payloads never carry prices. ---- */
  /** An employee or admin submitted a request (superadmins: notification and email). */
  'quote.submitted': QuoteEventRef;
  /** The office asked the requester for more information (requester: email). */
  'quote.info_requested': QuoteEventRef & { message: string };
  /** The requester's side answered the office (superadmins: notification and email). */
  'quote.replied': QuoteEventRef & { message: string };
  /** The office sent the priced quote (requester and the company's admins: email). */
  'quote.quoted': QuoteEventRef & { validUntil: string };
  /** The customer accepted the quote (company admins and superadmins: email). */
  'quote.accepted': QuoteEventRef;
  /* ---- Order requests. `actor` is who acted; payloads (and emails) never carry prices. ---- */
  /** A request went to the office (superadmins: notification and email). */
  'order.submitted': OrderEventRef;
  /** An employee's request is over the company's approval threshold (company admins). */
  'order.approval_requested': OrderEventRef;
  /** A company admin approved it (requester). */
  'order.approved': OrderEventRef;
  /** A company admin rejected it (requester). */
  'order.rejected': OrderEventRef & { reason: string };
  /** The office acknowledged, confirmed, shipped or anyone cancelled (requester and company admins). */
  'order.acknowledged': OrderEventRef;
  'order.confirmed': OrderEventRef & { officeRef: string | null; shipsOn: string | null };
  'order.shipped': OrderEventRef & { tracking: string | null };
  'order.cancelled': OrderEventRef & { reason: string | null };
  /* ---- Operations and email deliverability ---- */
  /**
   * An email to a user's address bounced for good (or drew a complaint, or soft-bounced too often):
   * the address is suppressed. Superadmins get a notification, the company's admins an email
   * (`admins`, looked up when the bounce was recorded) with a way to fix the address.
   */
  'email.bounced': EmailBouncedEvent;
  /* ---- Sites and the filter programme ---- */
  /** A site's filters of one month are due soon, or overdue: one digest to its contacts (or admins). */
  'programme.reminder': ProgrammeReminderEvent;
}

export interface ProgrammeReminderEvent {
  kind: 'due' | 'overdue';
  siteId: string;
  siteName: string;
  companyId: string;
  /** 'YYYY-MM' of the due dates. */
  month: string;
  /** The earliest due date of the digest ('YYYY-MM-DD'). */
  firstDue: string;
  /** Filters to change (sum of quantities) and how many of the slots are custom sizes. */
  filters: number;
  oddSizes: number;
  recipients: { userId: string; email: string; username: string; role: RoleKey }[];
}

/** Who a quote event is about and whom its email goes to (resolved in the publishing transaction). */
export interface QuoteEventRef {
  quoteId: string;
  number: string;
  status: QuoteStatus;
  companyId: string;
  companyName: string;
  requester: { id: string | null; username: string };
  recipients: { email: string; username: string; role: RoleKey }[];
  actor: OrgActor;
}

/** Who an order event is about and whom its email goes to (resolved in the publishing transaction). */
export interface OrderEventRef {
  orderId: string;
  number: string;
  status: OrderStatus;
  companyId: string;
  companyName: string;
  poNumber: string | null;
  lineCount: number;
  requester: { id: string | null; username: string };
  recipients: { email: string; username: string; role: RoleKey }[];
  actor: OrgActor;
}

/* ---- Operations and email deliverability ---- */
export interface EmailBouncedEvent {
  recipient: string;
  template: string;
  /** "welcome email" */
  templateLabel: string;
  /** "mailbox does not exist" */
  reason: string;
  kind: 'hard_bounce' | 'complaint' | 'soft_bounces';
  smtpCode: number | null;
  enhancedStatus: string | null;
  user: { userId: string; username: string; role: string; companyId: string | null; companyName: string | null } | null;
  admins: { userId: string; username: string; email: string }[];
}

export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
  delete: number;
  errors: number;
}

export interface PricelistRef {
  pricelistId: string;
  companyId: string;
  companyName: string;
  format: PricelistFormat;
  scope: PricelistScope;
  scopeName: string;
  actor: OrgActor;
}

/** Which price change an event is about. */
export interface PriceChangeRef {
  priceChangeId: string;
  kind: PriceChangeKind;
  companyId: string | null;
  companyName: string | null;
  effectiveAt: string;
}

export interface CatalogueProductRef {
  productId: string;
  productName: string;
  categoryId: string;
  subcategoryId: string | null;
}

export interface CatalogueFileOwnerRef {
  ownerType: 'category' | 'subcategory' | 'product';
  ownerId: string;
  ownerName: string;
  /** Category of the owner (the owner itself for a category). */
  categoryId: string;
}

export type EventType = keyof EventMap;

export interface OutboxEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  payload: EventMap[T];
  actorId: string | null;
  createdAt: string;
}

/** Jobs consumed by the worker's queues. Each job carries the event that caused it. */
export interface JobMap {
  notifications: { event: OutboxEvent };
  email: { event: OutboxEvent };
  files: { fileId: string; eventId: string };
  imports: { importId: string; action: 'validate' | 'apply' | 'sites_validate'; eventId: string };
  pricelists: { event: OutboxEvent };
}

export type QueueName = keyof JobMap;
export const QUEUE_NAMES: readonly QueueName[] = ['notifications', 'email', 'files', 'imports', 'pricelists'];

/** Which queues each event fans out to. Checked at worker start-up against the registered handlers. */
export const EVENT_JOBS: { [K in EventType]: readonly Exclude<QueueName, 'files' | 'imports'>[] } = {
  'auth.login_throttled': ['notifications', 'email'],
  'auth.disabled_login': ['notifications'],
  'account.password_reset_requested': ['notifications', 'email'],
  'account.password_reset_completed': ['notifications', 'email'],
  'account.password_changed': ['notifications', 'email'],
  'account.profile_updated': ['notifications', 'email'],
  'account.email_change_requested': ['notifications', 'email'],
  'account.profile_image_changed': ['notifications'],
  'account.company_image_changed': ['notifications'],
  'company.created': ['notifications', 'email'],
  'company.updated': ['notifications'],
  'company.deleted': ['notifications'],
  'user.created': ['notifications', 'email'],
  'user.updated': ['notifications', 'email'],
  'user.status_changed': ['notifications', 'email'],
  'user.deleted': ['notifications'],
  'user.resend_requested': ['notifications', 'email'],
  // invitations
  'user.invited': ['notifications', 'email'],
  'user.invitation_revoked': ['notifications'],
  'user.invitation_accepted': ['notifications'],
  'user.invitation_new_link_requested': ['notifications'],
  'catalogue.variants_saved': ['notifications'],
  'catalogue.product_added': ['notifications'],
  'catalogue.product_deleted': ['notifications'],
  'catalogue.files_uploaded': ['notifications'],
  'catalogue.file_deleted': ['notifications'],
  'catalogue.import_requested': [],
  'catalogue.import_apply_requested': [],
  'programme.import_requested': [],
  'catalogue.import_finished': ['notifications', 'email'],
  'two_factor.enabled': ['notifications', 'email'],
  'two_factor.disabled': ['notifications', 'email'],
  'two_factor.reset': ['notifications', 'email'],
  'pricelist.requested': ['pricelists'],
  'pricelist.ready': ['notifications'],
  'pricelist.failed': ['notifications'],
  // ---- Quote requests
  'quote.submitted': ['notifications', 'email'],
  'quote.info_requested': ['notifications', 'email'],
  'quote.replied': ['notifications', 'email'],
  'quote.quoted': ['notifications', 'email'],
  'quote.accepted': ['notifications', 'email'],
  // ---- Order requests
  'order.submitted': ['notifications', 'email'],
  'order.approval_requested': ['notifications', 'email'],
  'order.approved': ['notifications', 'email'],
  'order.rejected': ['notifications', 'email'],
  'order.acknowledged': ['notifications', 'email'],
  'order.confirmed': ['notifications', 'email'],
  'order.shipped': ['notifications', 'email'],
  'order.cancelled': ['notifications', 'email'],
  /* ---- Operations and email deliverability ---- */
  'email.bounced': ['notifications', 'email'],
  'programme.reminder': ['notifications', 'email'],
  'price_change.scheduled': ['notifications'],
  'price_change.updated': ['notifications'],
  'price_change.cancelled': ['notifications'],
  'price_change.noticed': ['notifications'],
  'price_change.notice_list_ready': ['email'],
  'price_change.applied': ['notifications'],
  'price_change.failed': ['notifications'],
};

/**
 * Events that also fan out to the `files` queue: one job per uploaded file (jobId = file id, so a
 * re-relayed event never processes a file twice). The relay reads the ids from `payload.files`.
 */
export const FILE_JOB_EVENTS: readonly EventType[] = ['catalogue.files_uploaded'];

/** Events that fan out to the `imports` queue (jobId = `<import id>.<action>`), and the job's action. */
export const IMPORT_JOB_EVENTS: { [K in EventType]?: JobMap['imports']['action'] } = {
  'catalogue.import_requested': 'validate',
  'catalogue.import_apply_requested': 'apply',
  'programme.import_requested': 'sites_validate',
};

import type { RoleKey } from './roles';

/* Operations dashboard: response shapes of /api/ops/*. */

export interface OpsSummary {
  status: { ok: boolean; sentence: string };
  online: { total: number; superadmin: number; admin: number; employee: number };
  queues: { name: string; waiting: number; active: number; delayed: number; failed: number }[];
  workers: { id: string; hostname: string; pid: number; last_beat: string; stale: boolean; stopped: boolean }[];
  outbox: { pending: number; oldest_age_s: number | null };
  email: { sent: number; deferred: number; failed: number; bounced: number; suppressed: number; complained: number };
  /** Present when the quotes feature is installed: open requests per status. */
  quotes?: OpsQuotesTile;
  /** Present when search logging is installed: the last 24 h. */
  search?: OpsSearchTile;
  /** When this summary was computed (it is shared by every viewer of this API process). */
  computed_at: string;
}

export interface OpsQuotesTile {
  submitted: number;
  in_review: number;
  info_requested: number;
  quoted: number;
  /** How long the oldest request the office still has to act on (submitted / in review) has waited; null: none. */
  oldest_waiting_s: number | null;
}

export interface OpsSearchTile {
  searches: number;
  zero_results: number;
  /** zero_results / searches (0–1, three decimals); null without searches. */
  zero_result_share: number | null;
}

export interface OpsOnlineEntry {
  user: { _id: string; username: string; role: RoleKey };
  company: { _id: string; name: string } | null;
  since: string;
  last_seen: string;
}

export interface OpsActivityEntry {
  _id: string;
  kind: string;
  at: string;
  /** The event in words. */
  text: string;
  /** Where the record is (web path), when it has a page. */
  link: { entity: string; _id: string; href: string } | null;
  company: { _id: string; name: string } | null;
}

export interface OpsUsageEntry {
  company: { _id: string; name: string; status: boolean };
  users: number;
  active_users_7d: number;
  active_users_30d: number;
  signins: number;
  /** Null while search logging is not installed. */
  searches: number | null;
  zero_result_share: number | null;
  pricelists: number;
  /** Null while the quotes feature is not installed. */
  quote_requests: number | null;
  last_activity: string | null;
  dormant: boolean;
  /** Sign-ins per day, the 90 days up to `to`, oldest first. */
  daily_signins: number[];
}

export interface OpsEmailEntry {
  event_id: string;
  recipient: string;
  template: string;
  status: 'sent' | 'deferred' | 'failed' | 'bounced' | 'suppressed' | 'complained';
  smtp_code: number | null;
  enhanced_status: string | null;
  diagnostic: string | null;
  attempts: number;
  sent_at: string;
  updated_at: string;
}

export interface OpsSuppressionEntry {
  address: string;
  reason: 'hard_bounce' | 'complaint' | 'soft_bounces';
  smtp_code: number | null;
  enhanced_status: string | null;
  diagnostic: string | null;
  created_at: string;
  user: { _id: string; username: string } | null;
  company: { _id: string; name: string } | null;
}

export interface OpsFailedJob {
  queue: string;
  _id: string;
  name: string;
  event_type: string | null;
  reason: string;
  attempts: number;
  failed_at: string | null;
}

/**
 * Companies, users and notifications: request/response shapes (field names as the original client sends them, so the
 * original client can talk to this server unchanged), plus the payloads of their domain events.
 */
import type { ApiResponse } from './api';
import type { NotificationView } from './client-events';
import type { RoleKey } from './roles';

/* ------------------------------------------------------------------ companies */

/** One company row. Percentages are numbers in percent (45.5 = multiplier 0.4550). */
export interface CompanyListItem {
  _id: string;
  name: string;
  status: boolean;
  createdAt: string;
  picture: string | null;
  discount_percentage: number;
  rigidflow_percentage: number;
  minipro_percentage: number;
  polyroll_percentage: number;
  total_admins: number;
  total_employees: number;
  /** Above this total an employee's order request waits for an admin's approval (null: no approval). */
  approval_threshold: number | null;
}

/** `GET company?page&limit&search&sortBy&sortOrder` */
export type CompanyListResponse = ApiResponse<{ list: CompanyListItem[]; total: number; page: number; limit: number }>;

/** `GET company/` without paging: every company, for the company select. */
export interface CompanyOption {
  _id: string;
  name: string;
  status: boolean;
}
export type CompanyOptionsResponse = ApiResponse<{ list: CompanyOption[]; total: number }>;

/** `GET company/{id}`: the company's own fields on `data`, and the same company under `data.company`. */
export type CompanyDetailResponse = ApiResponse<
  CompanyListItem & {
    company: CompanyListItem;
    totalAdmins: number;
    totalEmployees: number;
    /** Order requests by an employee over this total wait for an admin's approval (null: never). */
    approval_threshold: number | null;
  }
>;

export interface CreateCompanyRequest {
  name: string;
  username: string;
  email: string;
  /** Password + confirmation (the spec's client), or `invite: true`. */
  password?: string;
  confirm_password?: string;
  invite?: boolean;
}
export type CreateCompanyResponse = ApiResponse<{ company: CompanyListItem; admin: UserRow }>;

export interface UpdateCompanyRequest {
  id?: string;
  name?: string;
  status?: boolean;
  discount_percentage?: number;
  rigidflow_percentage?: number;
  minipro_percentage?: number;
  polyroll_percentage?: number;
}
export type UpdateCompanyResponse = ApiResponse<{ company: CompanyListItem }>;

/** `GET company/user/{companyId}[?status]` */
export type CompanyUsersResponse = ApiResponse<{ users: UserRow[]; totalcount: number }>;

/* ------------------------------------------------------------------ users */

/** A row of any user list (administrators, company users, employees). */
export interface UserRow {
  _id: string;
  username: string;
  email: string;
  status: boolean;
  last_login: string | null;
  createdAt: string;
  role_key: RoleKey;
  role_name: string;
  companyName: string | null;
  company_id: string | null;
  /**
   * Whether emails reach this address: `bounced` after a hard bounce, `suppressed` for a
   * complaint or repeated soft bounces. Always sent by the API (optional for older fixtures).
   */
  email_status?: 'ok' | 'bounced' | 'suppressed';
  /** The most recent sign-in (`last_login` keeps the spec's meaning: the one before it). */
  current_login: string | null;
  /** The user's latest invitation; null when they were given a password instead. */
  invitation: UserInvitation | null;
}

/* ------------------------------------------------------------------ invitations */

export type InvitationStatus = 'pending' | 'accepted' | 'expired' | 'revoked' | 'superseded';

/** A user's latest invitation as lists and the detail show it. */
export interface UserInvitation {
  status: InvitationStatus;
  sent_at: string;
  expires_at: string;
}

/** `GET invitation?token=`: what the link's page says up front. */
export interface InvitationLinkView {
  status: InvitationStatus;
  email: string;
  username: string;
  expires_at: string;
  /** Whether "ask for a new invitation" was already sent for this link. */
  new_link_requested: boolean;
}
export type InvitationLinkResponse = ApiResponse<InvitationLinkView>;
/** `POST user/{id}/invitation/resend`, `DELETE user/{id}/invitation`. */
export type InvitationChangeResponse = ApiResponse<UserInvitation>;

/** `GET user/{id}` */
export interface UserDetail {
  _id: string;
  username: string;
  email: string;
  status: boolean;
  picture: string | null;
  last_login: string | null;
  current_login: string | null;
  createdAt: string;
  role_id: { key: RoleKey };
  role_key: RoleKey;
  role_name: string;
  company_id: { _id: string; name: string } | null;
  companyName: string | null;
  /** Whether emails reach this address. */
  email_status?: 'ok' | 'bounced' | 'suppressed';
  invitation: UserInvitation | null;
}
export type UserDetailResponse = ApiResponse<UserDetail>;

/** `GET user/?page&limit[&status]` (administrators) and `GET user/employee[?status]`. */
export type UserListResponse = ApiResponse<{ users: UserRow[]; totalcount: number }>;

/** `GET user/total` */
export interface UserStats {
  activeCompanies: number;
  totalEmployees: number;
  totalAdmins: number;
}
export type UserStatsResponse = ApiResponse<UserStats>;

/** `POST user`: superadmin sends all fields; an admin sends username, email, password only. */
export interface CreateUserRequest {
  company_id?: string;
  username: string;
  email: string;
  /** Either a password (the spec's client) or `invite: true`. */
  password?: string;
  invite?: boolean;
  action?: 'admin' | 'employee';
}
export type CreateUserResponse = ApiResponse<UserRow>;

export interface UpdateUserRequest {
  status?: boolean;
  username?: string;
  email?: string;
}
export type UpdateUserResponse = ApiResponse<UserDetail>;

/** `DELETE user/bulk` */
export interface BulkDeleteUsersRequest {
  id: string[];
}
export type DeleteResponse = ApiResponse<{ deleted: number }>;

/* ------------------------------------------------------------------ notifications */

/** `GET notification?page&limit&read_status`: the rows have the shape of `notification.created`. */
export type NotificationListResponse = ApiResponse<{ notification: NotificationView[]; totalcount: number }>;

/** `DELETE notification/` */
export interface DeleteNotificationsRequest {
  ids: string[];
}

/** `PATCH notification/read`: some notifications, or every unread one. */
export type MarkNotificationsReadRequest = { ids: string[] } | { all: true };
/** `PATCH notification/read` → how many changed and how many stay unread. */
export type MarkNotificationsReadResponse = ApiResponse<{ updated: number; unread: number }>;
/** `GET notification/unread-count` */
export type NotificationUnreadCountResponse = ApiResponse<{ unread: number }>;

/* ------------------------------------------------------------------ events */

/** Who did it: carried by every org event so notifications can say "by …". */
export interface OrgActor {
  id: string;
  username: string;
  email: string;
  role: RoleKey;
}

/** The user an event is about (never a password or a hash). */
export interface OrgUserRef {
  userId: string;
  username: string;
  email: string;
  role: RoleKey;
  companyId: string | null;
  companyName: string | null;
}

export interface OrgChange {
  field:
    | 'username'
    | 'email'
    | 'status'
    | 'name'
    | 'discount_percentage'
    | 'rigidflow_percentage'
    | 'minipro_percentage'
    | 'polyroll_percentage';
  label: string;
  from: string;
  to: string;
}

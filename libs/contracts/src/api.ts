import type { RoleKey } from './roles';

/** Every successful response: `{ status, message?, data }` (docs/ARCHITECTURE.md#api-contract). */
export interface ApiResponse<T> {
  status: number;
  message?: string;
  data: T;
}

/** Every error response. `errors` carries per-field messages where a form has several. */
export interface ApiError {
  status: number;
  message: string;
  errors?: Record<string, string>;
}

/** The session user the client stores locally. */
export interface SessionUserData {
  _id: string;
  role_key: RoleKey;
  company_id: string | null;
  company_name: string | null;
  username: string;
  email: string;
  picture?: string | null;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  status: number;
  token: string;
  data: SessionUserData;
}

export type ValidateResponse = LoginResponse;

export interface CsrfTokenResponse {
  status: number;
  token: string;
}

/** API paths, relative to `/api`. */
export const API_PATHS = {
  csrfToken: 'csrf-token',
  login: 'login',
  validate: 'validate',
  logout: 'logout',
  health: 'health',
  config: 'config',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
} as const;

export const API_PREFIX = '/api';
export const SOCKET_PATH = '/socket.io';
export const CSRF_HEADER = 'x-xsrf-token';
export const CSRF_COOKIE = 'XSRF-TOKEN';

/** `GET config`: public client configuration. */
export interface AppConfig {
  /** External company website behind the header's "Return to Main Site" link. */
  mainSiteUrl: string | null;
  productName: string;
  /** The office's contact details for "contact the office" (env OFFICE_PHONE / OFFICE_EMAIL); null when unset. */
  office?: { phone: string | null; email: string | null } | null;
  /** How often an open editor re-announces itself (a third of the server's presence TTL). */
  presenceHeartbeatSeconds?: number;
}

export type AppConfigResponse = ApiResponse<AppConfig>;

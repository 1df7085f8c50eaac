import { isRoleKey, type SessionUserData } from '@portal/contracts';

/** Where values end up: localStorage, else sessionStorage, else an in-memory map. */
export type StorageKind = 'persistent' | 'session' | 'memory';

export const STORAGE_KEYS = {
  token: 'token',
  user: 'userData',
  companyId: 'company_id',
  sidebarMinimized: 'sidebarMinimized',
  storageNoticeDismissed: 'storageNoticeDismissed',
} as const;

/** Keys that belong to the signed-in session (cleared on logout / 401). UI preferences survive. */
const SESSION_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.companyId] as const;

export class StorageWriteError extends Error {
  constructor(cause: unknown) {
    super('Unable to write to browser storage');
    this.name = 'StorageWriteError';
    this.cause = cause;
  }
}

interface Backend {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function memoryBackend(): Backend {
  const map = new Map<string, string>();
  return {
    getItem: (k) => (map.has(k) ? (map.get(k) as string) : null),
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** A backend is usable only if a write/read/remove round trip works (Safari private mode, blocked cookies…). */
function probe(get: () => Storage | undefined): Backend | null {
  try {
    const s = get();
    if (!s) return null;
    const key = '__portal_probe__';
    s.setItem(key, '1');
    const ok = s.getItem(key) === '1';
    s.removeItem(key);
    return ok ? s : null;
  } catch {
    return null;
  }
}

export interface PortalStorage {
  readonly kind: StorageKind;
  isPersistent(): boolean;
  get(key: string): string | null;
  /** Throws StorageWriteError when the browser refuses the write (quota, policy). */
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function createStorage(
  win: Pick<Window, 'localStorage' | 'sessionStorage'> | undefined = globalThis.window,
): PortalStorage {
  let kind: StorageKind = 'memory';
  let backend = probe(() => win?.localStorage);
  if (backend) kind = 'persistent';
  else {
    backend = probe(() => win?.sessionStorage);
    if (backend) kind = 'session';
  }
  const store = backend ?? memoryBackend();
  return {
    kind,
    isPersistent: () => kind === 'persistent',
    get(key) {
      try {
        return store.getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        store.setItem(key, value);
      } catch (err) {
        throw new StorageWriteError(err);
      }
    },
    remove(key) {
      try {
        store.removeItem(key);
      } catch {
        /* nothing to remove */
      }
    },
  };
}

let current: PortalStorage = createStorage();

export function getStorage(): PortalStorage {
  return current;
}

/** Re-detect the backend (tests, or after the user changes browser settings). */
export function resetStorage(win?: Pick<Window, 'localStorage' | 'sessionStorage'>): PortalStorage {
  current = createStorage(win ?? globalThis.window);
  return current;
}

export function isStoragePersistent(): boolean {
  return current.isPersistent();
}

// ── Session helpers ──────────────────────────────────────────────────────────

export function getStoredToken(): string | null {
  const t = current.get(STORAGE_KEYS.token);
  return t && t !== 'null' && t !== 'undefined' ? t : null;
}

export function getStoredUser(): SessionUserData | null {
  const raw = current.get(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<SessionUserData> | null;
    if (!parsed || typeof parsed !== 'object' || !isRoleKey(parsed.role_key)) return null;
    return parsed as SessionUserData;
  } catch {
    return null;
  }
}

/** Stores token, user JSON and company_id. Throws StorageWriteError on failure (nothing half-written is kept). */
export function saveSession(token: string, user: SessionUserData): void {
  try {
    current.set(STORAGE_KEYS.token, token);
    current.set(
      STORAGE_KEYS.user,
      JSON.stringify({
        _id: user._id,
        role_key: user.role_key,
        company_id: user.company_id,
        company_name: user.company_name,
        username: user.username,
        email: user.email,
        ...(user.picture !== undefined ? { picture: user.picture } : {}),
      }),
    );
    if (user.company_id) current.set(STORAGE_KEYS.companyId, user.company_id);
    else current.remove(STORAGE_KEYS.companyId);
  } catch (err) {
    clearStoredSession();
    throw err instanceof StorageWriteError ? err : new StorageWriteError(err);
  }
}

export function clearStoredSession(): void {
  for (const key of SESSION_KEYS) current.remove(key);
}

export function getFlag(key: string): boolean {
  return current.get(key) === 'true';
}

/** Preference writes never throw: losing a UI preference is not worth an error. */
export function setFlag(key: string, value: boolean): void {
  try {
    current.set(key, value ? 'true' : 'false');
  } catch {
    /* ignore */
  }
}

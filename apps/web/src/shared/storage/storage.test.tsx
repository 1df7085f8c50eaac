import { describe, expect, it } from 'vitest';
import {
  createStorage,
  getStoredToken,
  getStoredUser,
  isStoragePersistent,
  resetStorage,
  saveSession,
  StorageWriteError,
  STORAGE_KEYS,
} from './storage';

function fakeStorage(opts: { broken?: boolean; failWrites?: boolean } = {}): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => {
      if (opts.broken) throw new DOMException('denied', 'SecurityError');
      return map.get(k) ?? null;
    },
    setItem: (k: string, v: string) => {
      if (opts.broken || opts.failWrites) throw new DOMException('quota', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k: string) => void map.delete(k),
  };
}

const user = {
  _id: 'u1',
  role_key: 'admin' as const,
  company_id: 'c1',
  company_name: 'Acme',
  username: 'ann',
  email: 'ann@acme.com',
};

describe('storage fallback', () => {
  it('uses localStorage when it works (persistent)', () => {
    const local = fakeStorage();
    const s = createStorage({ localStorage: local, sessionStorage: fakeStorage() });
    expect(s.kind).toBe('persistent');
    expect(s.isPersistent()).toBe(true);
    s.set('k', 'v');
    expect(local.getItem('k')).toBe('v');
  });

  it('falls back to sessionStorage when localStorage is blocked', () => {
    const session = fakeStorage();
    const s = createStorage({ localStorage: fakeStorage({ broken: true }), sessionStorage: session });
    expect(s.kind).toBe('session');
    expect(s.isPersistent()).toBe(false);
    s.set('k', 'v');
    expect(session.getItem('k')).toBe('v');
    expect(s.get('k')).toBe('v');
  });

  it('falls back to memory when both browser storages are blocked', () => {
    const s = createStorage({
      localStorage: fakeStorage({ broken: true }),
      sessionStorage: fakeStorage({ broken: true }),
    });
    expect(s.kind).toBe('memory');
    expect(s.isPersistent()).toBe(false);
    s.set('k', 'v');
    expect(s.get('k')).toBe('v');
    s.remove('k');
    expect(s.get('k')).toBeNull();
  });

  it('treats a storage whose writes fail (quota 0) as unusable', () => {
    const s = createStorage({ localStorage: fakeStorage({ failWrites: true }), sessionStorage: fakeStorage() });
    expect(s.kind).toBe('session');
  });

  it('saves and reads the session (token, user JSON, company_id) and reports persistence', () => {
    resetStorage();
    expect(isStoragePersistent()).toBe(true);
    saveSession('tok.en.value', user);
    expect(getStoredToken()).toBe('tok.en.value');
    expect(getStoredUser()).toEqual(user);
    expect(window.localStorage.getItem(STORAGE_KEYS.companyId)).toBe('c1');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({
      role_key: 'admin',
      company_name: 'Acme',
    });
  });

  it('rejects stored user data with an unknown role', () => {
    resetStorage();
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, role_key: 'root' }));
    expect(getStoredUser()).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(getStoredUser()).toBeNull();
  });

  it('throws StorageWriteError and leaves nothing half-written when a write fails', () => {
    let writes = 0;
    const flaky = fakeStorage();
    const origSet = flaky.setItem.bind(flaky);
    flaky.setItem = (k: string, v: string) => {
      // the probe write succeeds, the token write succeeds, the user write fails
      writes++;
      if (writes === 3) throw new DOMException('quota', 'QuotaExceededError');
      origSet(k, v);
    };
    resetStorage({ localStorage: flaky, sessionStorage: fakeStorage() });
    expect(() => saveSession('tok.en.value', user)).toThrow(StorageWriteError);
    expect(getStoredToken()).toBeNull();
  });
});

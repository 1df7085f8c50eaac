import { create } from 'zustand';
import type { RoleKey, SessionUserData } from '@portal/contracts';
import { getStoredToken, getStoredUser } from '../../shared/storage';

export interface AuthState {
  token: string | null;
  user: SessionUserData | null;
  role: RoleKey | null;
  /** False until a successful login or token validation in this page load. */
  loggedIn: boolean;
  setSession: (token: string, user: SessionUserData) => void;
  logout: () => void;
}

function initialState() {
  const user = getStoredUser();
  return { token: getStoredToken(), user, role: user?.role_key ?? null, loggedIn: false };
}

export const useAuthStore = create<AuthState>()((set) => ({
  ...initialState(),
  setSession: (token, user) => set({ token, user, role: user.role_key, loggedIn: true }),
  logout: () => set({ token: null, user: null, role: null, loggedIn: false }),
}));

/** Re-read the stored session into the store without marking it logged in (tests, storage reset). */
export function resetAuthStore(): void {
  useAuthStore.setState(initialState());
}

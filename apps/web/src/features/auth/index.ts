export { useAuthStore, resetAuthStore, type AuthState } from './store';
export { clearSession, endSession, login, logout, startSession, validateSession } from './session';
export { loginErrorMessage } from './loginErrors';
export { RequireRole, SuperadminOnly } from './guards/RequireRole';
export { ROLE_LABEL } from './roleLabels';

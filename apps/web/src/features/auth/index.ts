export { useAuthStore, resetAuthStore, type AuthState } from './store';
export {
  clearSession,
  endSession,
  login,
  logout,
  signIn,
  startSession,
  validateSession,
  verifySecondFactor,
  type SignInOutcome,
} from './session';
export { loginErrorMessage } from './loginErrors';
export { RequireRole, SuperadminOnly } from './guards/RequireRole';
export { ROLE_LABEL } from './roleLabels';
export { AuthCard, BackToSignIn, useDocumentTitle } from './components/AuthCard';
export { FormAlert } from './components/FormAlert';

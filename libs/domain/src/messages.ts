/** Every user-facing text, verbatim. One source for web and API. */
export const MSG = {
  login: {
    emailRequired: 'Email is required',
    emailInvalid: 'Email is invalid',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 8 characters long.',
    invalidCredentials: 'Invalid email or password. Please try again.',
    disabled: 'Your account has been disabled. Please contact support.',
    tooMany: 'Too many login attempts. Please wait a few minutes and try again.',
    serverDown: 'Server connection issue. Please check your internet connection and try again.',
    failed: 'Login failed. Please try again.',
    storageFailed: 'Unable to save login data. Please check your browser settings.',
    storageNote: 'Your browser appears to block storage cookies, so you may be signed out when you close this tab.',
  },
  global: {
    connectionTitle: 'Connection Error',
    connectionText: 'Unable to connect to the server. Please check your internet connection.',
    sessionExpired: 'Session Expired',
    authFailed: 'Authentication Failed',
    securityCheckFailed: 'Security Check Failed',
    accessDenied: 'Access Denied',
    accessDeniedText: 'You do not have permission to perform this action.',
    tooManyTitle: 'Too Many Requests',
    tooManyText: 'Please wait a moment before trying again.',
    serverError: 'Server Error',
    tryLater: 'Please try again later.',
  },
  session: {
    userDataMissing: 'User data not found. Please log in again.',
    companyMissing: 'Company information not found. Please log in again.',
    expired: 'Your session has expired. Please log in again.',
    invalidToken: 'Invalid or expired token',
    tokenMissing: 'Authentication token missing or expired',
    loggedOut: 'Logged out successfully',
  },
  csrf: {
    invalid: 'Invalid CSRF token',
  },
  origin: {
    refused: 'Cross-origin request refused',
  },
  notAuthorized: 'You are not authorized to perform this action.',
  clipboard: {
    copied: 'Copied To Clipboard',
    failed: 'Failed to copy to clipboard, Try again',
  },
} as const;

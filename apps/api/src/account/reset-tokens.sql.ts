/** Kept for existing importers: the token queries live in account-tokens.repository.ts. */
export {
  attachTokenEvent,
  issueResetToken,
  scrubTokensFromOutbox,
  SET_PASSWORD_TOKEN_TTL_SECONDS,
  voidLiveResetTokens,
  type IssuedToken,
  type VoidReason,
} from './account-tokens.repository';

import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MSG } from '@portal/domain';
import { clearStoredSession } from '../storage';
import { navigateTo } from '../navigation';
import { isApiRequestError, mentionsCsrf, type ApiRequestError } from './errors';

type SessionEndHandler = () => void;

let signingOut = false;

/**
 * The user chose to sign out: requests still in flight (or refetches a closing dialog starts) will be
 * answered 401 once the server has ended the session. That is the sign-out working, not an expired
 * session: no "Session Expired" dialog and no "Signed out" toast. Cleared when a session starts.
 */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

export function isSigningOut(): boolean {
  return signingOut;
}

let sessionEndHandler: SessionEndHandler | null = null;

/** The auth feature registers how to end a session (clear storage, reset store, go to '/'). */
export function setSessionEndHandler(fn: SessionEndHandler | null): void {
  sessionEndHandler = fn;
}

function endSession(): void {
  if (sessionEndHandler) sessionEndHandler();
  else {
    clearStoredSession();
    navigateTo('/');
  }
}

/** One modal per kind at a time (Mantine ignores an open with an id already shown): a burst of failures shows one dialog. */
function openOnce(id: string, title: string, body: React.ReactNode, withRefresh = false): void {
  modals.open({
    modalId: id,
    title,
    centered: true,
    children: (
      <Stack gap="md">
        {typeof body === 'string' ? <Text>{body}</Text> : body}
        <Group justify="flex-end">
          {withRefresh ? (
            <Button onClick={() => window.location.reload()}>Refresh Page</Button>
          ) : (
            <Button onClick={() => modals.close(id)}>OK</Button>
          )}
        </Group>
      </Stack>
    ),
  });
}

/** 403 reasons shown as they are instead of the generic 'You do not have permission…'. */
const FORBIDDEN_REASONS_SHOWN = new Set<string>([MSG.session.companyMissing]);

export type GlobalErrorKind =
  'connection' | 'session' | 'csrf' | 'forbidden' | 'throttled' | 'server' | 'refusedUpload' | 'other';

/** Which global reaction a failure gets. */
export function classifyGlobalError(err: Pick<ApiRequestError, 'status' | 'message'>): GlobalErrorKind {
  if (err.status === 0) return 'connection';
  if (err.status === 401) return 'session';
  if (err.status === 403) return mentionsCsrf(err.message) ? 'csrf' : 'forbidden';
  if (err.status === 429) return 'throttled';
  if (err.status >= 500) return 'server';
  // Too large / unsupported type: only uploads answer these, and the reason is the server's.
  if (err.status === 413 || err.status === 415) return 'refusedUpload';
  return 'other';
}

/** Reacts to a failed request that the calling screen does not own. */
export function handleGlobalApiError(err: ApiRequestError): void {
  switch (classifyGlobalError(err)) {
    case 'connection':
      openOnce('global-connection', MSG.global.connectionTitle, MSG.global.connectionText);
      return;
    case 'session': {
      if (signingOut) {
        endSession();
        return;
      }
      const expired = /token|expired/i.test(err.message);
      openOnce(
        'global-session',
        expired ? MSG.global.sessionExpired : MSG.global.authFailed,
        expired ? MSG.session.expired : err.message || MSG.global.authFailed,
      );
      endSession();
      return;
    }
    case 'csrf':
      openOnce(
        'global-csrf',
        MSG.global.securityCheckFailed,
        'Your security token could not be verified. Please refresh the page and try again.',
        true,
      );
      return;
    case 'forbidden':
      notifications.show({
        id: 'global-forbidden',
        color: 'red',
        title: MSG.global.accessDenied,
        // A refusal the spec words for the user (a catalogue user without a company) keeps its text.
        message: FORBIDDEN_REASONS_SHOWN.has(err.message) ? err.message : MSG.global.accessDeniedText,
        autoClose: 5000,
      });
      return;
    case 'throttled':
      notifications.show({
        id: 'global-throttled',
        color: 'yellow',
        title: MSG.global.tooManyTitle,
        message: MSG.global.tooManyText,
        autoClose: 5000,
      });
      return;
    case 'server':
      notifications.show({
        id: 'global-server',
        color: 'red',
        title: MSG.global.serverError,
        message: `${err.message ? `${err.message} ` : ''}${MSG.global.tryLater}`,
        autoClose: 5000,
      });
      return;
    case 'refusedUpload': {
      // Per-file reasons (file name → reason) when the server gives them.
      const reasons = err.errors ? Object.values(err.errors) : [];
      notifications.show({
        color: 'red',
        title: 'Upload Failed',
        message: reasons.length ? reasons.join(' ') : err.message || 'The upload could not be stored.',
        autoClose: 5000,
      });
      return;
    }
    case 'other':
      // 4xx validation-style errors belong to the screen that made the call.
      return;
  }
}

/**
 * Mutations are `silent` (each screen shows the spec's own failure text), but an expired session must
 * still end the session: a 401 goes to the global handler. Returns true when it did.
 */
export function handledAsSessionEnd(err: unknown): boolean {
  if (isApiRequestError(err) && err.status === 401) {
    handleGlobalApiError(err);
    return true;
  }
  return false;
}

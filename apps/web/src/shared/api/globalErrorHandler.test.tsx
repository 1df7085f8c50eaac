import { act, render, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/domain';
import { AppProviders } from '../../app/AppProviders';
import { makeUser, resetClientState } from '../../test/utils';
import { getStoredToken } from '../storage';
import { ApiRequestError } from './errors';
import { classifyGlobalError, handleGlobalApiError, setSessionEndHandler } from './globalErrorHandler';
import { createQueryClient } from './queryClient';

function mount() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <div />
    </AppProviders>,
  );
}

beforeEach(() => {
  resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
  setSessionEndHandler(null);
});

describe('global error handler', () => {
  it('classifies statuses', () => {
    expect(classifyGlobalError({ status: 0, message: '' })).toBe('connection');
    expect(classifyGlobalError({ status: 401, message: 'x' })).toBe('session');
    expect(classifyGlobalError({ status: 403, message: 'Invalid CSRF token' })).toBe('csrf');
    expect(classifyGlobalError({ status: 403, message: 'Forbidden' })).toBe('forbidden');
    expect(classifyGlobalError({ status: 429, message: '' })).toBe('throttled');
    expect(classifyGlobalError({ status: 502, message: '' })).toBe('server');
    expect(classifyGlobalError({ status: 422, message: '' })).toBe('other');
    expect(classifyGlobalError({ status: 413, message: '' })).toBe('refusedUpload');
    expect(classifyGlobalError({ status: 415, message: '' })).toBe('refusedUpload');
  });

  it("413 / 415: the server's reason, per file when given", async () => {
    mount();
    handleGlobalApiError(
      new ApiRequestError(415, 'both', {
        status: 415,
        message: 'both',
        errors: { 'a.exe': '"a.exe" is not a supported file type.', 'b.pdf': '"b.pdf" is empty' },
      }),
    );
    expect(await screen.findByText('"a.exe" is not a supported file type. "b.pdf" is empty')).toBeInTheDocument();
    expect(screen.getByText('Upload Failed')).toBeInTheDocument();
  });

  it('status 0: Connection Error dialog', async () => {
    mount();
    handleGlobalApiError(new ApiRequestError(0, 'Network Error'));
    expect(await screen.findByText(MSG.global.connectionTitle)).toBeInTheDocument();
    expect(screen.getByText(MSG.global.connectionText)).toBeInTheDocument();
  });

  it('401 mentioning the token: Session Expired, session ended', async () => {
    const end = vi.fn();
    setSessionEndHandler(end);
    mount();
    handleGlobalApiError(new ApiRequestError(401, 'Invalid or expired token'));
    expect(await screen.findByText(MSG.global.sessionExpired)).toBeInTheDocument();
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('other 401: Authentication Failed, storage cleared when no handler is registered', async () => {
    mount();
    handleGlobalApiError(new ApiRequestError(401, 'Unauthorized'));
    expect(await screen.findByText(MSG.global.authFailed)).toBeInTheDocument();
    expect(getStoredToken()).toBeNull();
  });

  it('403 with CSRF wording: Security Check Failed with a Refresh Page button', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    mount();
    handleGlobalApiError(new ApiRequestError(403, 'Invalid CSRF token'));
    expect(await screen.findByText(MSG.global.securityCheckFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalled();
  });

  it('other 403: Access Denied', async () => {
    mount();
    handleGlobalApiError(new ApiRequestError(403, 'Forbidden'));
    expect(await screen.findByText(MSG.global.accessDenied)).toBeInTheDocument();
    expect(screen.getByText(MSG.global.accessDeniedText)).toBeInTheDocument();
  });

  it("403 for a catalogue user without a company: the spec's text, not the generic one", async () => {
    mount();
    act(() => notifications.clean()); // the store outlives each render: no earlier 403 toast
    handleGlobalApiError(new ApiRequestError(403, MSG.session.companyMissing));
    expect(await screen.findByText(MSG.global.accessDenied)).toBeInTheDocument();
    expect(screen.getByText('Company information not found. Please log in again.')).toBeInTheDocument();
    expect(screen.queryByText(MSG.global.accessDeniedText)).not.toBeInTheDocument();
  });

  it('429: Too Many Requests', async () => {
    mount();
    handleGlobalApiError(new ApiRequestError(429, 'Too many'));
    expect(await screen.findByText(MSG.global.tooManyTitle)).toBeInTheDocument();
    expect(screen.getByText(MSG.global.tooManyText)).toBeInTheDocument();
  });

  it('5xx: Server Error with the message plus "Please try again later."', async () => {
    mount();
    handleGlobalApiError(new ApiRequestError(500, 'Database unavailable.'));
    expect(await screen.findByText(MSG.global.serverError)).toBeInTheDocument();
    expect(screen.getByText(`Database unavailable. ${MSG.global.tryLater}`)).toBeInTheDocument();
  });

  it('shows one dialog for a burst of identical failures', async () => {
    mount();
    handleGlobalApiError(new ApiRequestError(0, 'Network Error'));
    handleGlobalApiError(new ApiRequestError(0, 'Network Error'));
    await screen.findByText(MSG.global.connectionTitle);
    await waitFor(() => expect(screen.getAllByText(MSG.global.connectionTitle)).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText(MSG.global.connectionTitle)).not.toBeInTheDocument());
  });
});

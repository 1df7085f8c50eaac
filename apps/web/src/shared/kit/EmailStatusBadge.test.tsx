import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../api';
import { CSRF, json, mockFetch, resetClientState } from '../../test/utils';
import { EmailStatusBadge } from './EmailStatusBadge';

beforeEach(() => resetClientState());

const wrap = (ui: React.ReactNode) => render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

describe('EmailStatusBadge', () => {
  it('shows nothing for a working address', () => {
    wrap(<EmailStatusBadge userId="u1" status="ok" />);
    expect(screen.queryByText(/bounced|stopped/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows a bounced address and lifts the suppression on "Try again"', async () => {
    const { calls } = mockFetch((url) =>
      url.includes('csrf-token')
        ? json({ token: CSRF })
        : json({ status: 200, message: 'The address will receive emails again', data: { email_status: 'ok' } }),
    );
    wrap(<EmailStatusBadge userId="u1" status="bounced" />);
    expect(screen.getByText('Email bounced')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/user/u1/email-suppression')).toBe(true),
    );
    expect(await screen.findByText('The address will receive emails again')).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch, renderApp, resetClientState } from '../test/utils';

/** Structural axe checks (jsdom cannot compute colour contrast; the browser e2e suite covers that). */
async function seriousViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

beforeEach(() => resetClientState());

describe('accessibility (axe, serious/critical)', () => {
  it('sign-in page', async () => {
    mockFetch(() => json({}));
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign In' });
    expect(await seriousViolations()).toEqual([]);
  });

  it.each([
    ['superadmin', '/superadmin/companies', 'Companies'],
    ['admin', '/admin/mycompany', 'My Company'],
    ['employee', '/employee/catalog', 'Catalog'],
  ] as const)('%s app layout', async (role, path, heading) => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser(role) } });
    mockFetch((url) =>
      url === '/api/validate'
        ? json({ status: 200, token: 'fresh.jwt.token', data: makeUser(role) })
        : json({ status: 200, data: { mainSiteUrl: 'https://filters.example.com', productName: 'Filter Portal' } }),
    );
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: heading });
    await screen.findByRole('link', { name: /return to main site/i });
    expect(await seriousViolations()).toEqual([]);
  });

  it('not-found page', async () => {
    renderApp('/nope');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(await seriousViolations()).toEqual([]);
  });
});

import { accountEmails, accountNotifications } from '../handlers/account.handlers';
import { orgEmails } from '../handlers/org.handlers';
import { hasControlChars } from '@portal/domain';
import { renderEmail } from './layout';

/** Names that reached the database before validation existed must still never render raw. */
describe('emails and notifications never render control characters raw', () => {
  const evil = 'Eve\r\nSYSTEM NOTICE: your account is locked, call +1 555\u202Egnp.exe';
  const ctx = { publicUrl: 'http://localhost:3999' };
  // Anything but LF (the plain-text body's own line structure) that hasControlChars would flag.
  const clean = (s: string) => expect(hasControlChars(s.replace(/\n/g, ' '))).toBe(false);
  /** An outbox event as the handlers receive it. */
  const event = (id: string, type: string, payload: Record<string, unknown>) =>
    ({ id, type, actorId: null, createdAt: new Date().toISOString(), payload }) as never;
  const eve = { userId: 'u', email: 'eve@x.example' };

  it('renderEmail flattens every field (subject, heading, paragraphs, footnote)', () => {
    const mail = renderEmail({
      subject: `Hi ${evil}`,
      heading: evil,
      paragraphs: [`Hello ${evil},`],
      footnote: evil,
      action: { label: evil, url: 'http://localhost:3999/x' },
    });
    for (const part of [mail.subject, mail.html]) clean(part);
    // The plain text keeps its own line structure, but the name is on one line.
    expect(mail.text).toContain('Hello Eve SYSTEM NOTICE: your account is locked, call +1 555gnp.exe,');
    expect(mail.text.split('\n').some((line) => line.startsWith('SYSTEM NOTICE'))).toBe(false);
    clean(mail.text);
  });

  it('a welcome email and an email-change confirmation for a user named with CR/LF', async () => {
    const actor = { id: 'a', username: 'root', email: 'root@x', role: 'superadmin' as const };
    const [welcome] = await orgEmails['user.created']!(
      event('e1', 'user.created', {
        ...eve,
        username: evil,
        role: 'employee',
        companyId: 'c',
        companyName: `Acme\nAir`,
        actor,
      }),
      ctx,
    );
    clean(welcome.subject);
    clean(welcome.html);
    expect(welcome.text).toContain('Hello Eve SYSTEM NOTICE');
    const [confirm] = await accountEmails['account.email_change_requested']!(
      event('e2', 'account.email_change_requested', {
        ...eve,
        username: evil,
        companyId: null,
        newEmail: 'new@x.example',
        token: 'A'.repeat(43),
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        addressInUse: false,
        ip: '1.2.3.4',
      }),
      ctx,
    );
    expect(confirm.to).toBe('new@x.example');
    expect(confirm.text).toContain(`http://localhost:3999/confirm-email?code=${'A'.repeat(43)}`);
    clean(confirm.html);
  });

  it('the in-use notice goes to the new address and carries no link', async () => {
    const inUse = { ...eve, username: 'eve', companyId: null, newEmail: 'taken@x.example', addressInUse: true };
    const [notice] = await accountEmails['account.email_change_requested']!(
      event('e3', 'account.email_change_requested', { ...inUse, expiresAt: new Date().toISOString(), ip: '1.2.3.4' }),
      ctx,
    );
    expect(notice.to).toBe('taken@x.example');
    expect(notice.text).not.toMatch(/confirm-email|eve@x\.example/);
    const note = accountNotifications['account.email_change_requested']!({ payload: inUse } as never, ctx);
    expect(note!.description).toContain('already belongs to another account');
  });
});

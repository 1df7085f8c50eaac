import { quoteLiveAudience, quotePartyOf, quoteRecipients, type QuotePerson } from './recipients';

const office: QuotePerson = { id: 'o1', email: 'office@example.com', username: 'Office', role: 'superadmin' };
const office2: QuotePerson = { id: 'o2', email: 'desk@example.com', username: 'Desk', role: 'superadmin' };
const admin: QuotePerson = { id: 'a1', email: 'admin@acme.example', username: 'Admin', role: 'admin' };
const requester: QuotePerson = { id: 'e1', email: 'buyer@acme.example', username: 'Buyer', role: 'employee' };
const people = [office, office2, admin, requester];
const emails = (list: QuotePerson[]) => list.map((p) => p.email);

describe('quote parties', () => {
  it('names each person by their relation to the request', () => {
    expect(quotePartyOf(requester, 'e1')).toBe('requester');
    expect(quotePartyOf(admin, 'e1')).toBe('company_admin');
    expect(quotePartyOf(office, 'e1')).toBe('superadmin');
    expect(quotePartyOf(requester, 'someone-else')).toBeNull();
    // An admin who asked is the requester first.
    expect(quotePartyOf(admin, 'a1')).toBe('requester');
  });
});

describe('quote email recipients', () => {
  it('a submission and a reply go to the office only, never to the actor', () => {
    expect(emails(quoteRecipients('quote.submitted', people, 'e1', requester.email))).toEqual([
      office.email,
      office2.email,
    ]);
    expect(emails(quoteRecipients('quote.replied', people, 'e1', requester.email))).toEqual([
      office.email,
      office2.email,
    ]);
  });

  it('a sent quote goes to the requester and the company admins, not the office that sent it', () => {
    expect(emails(quoteRecipients('quote.quoted', people, 'e1', office.email))).toEqual([admin.email, requester.email]);
  });

  it('a request for information goes to the requester alone', () => {
    expect(emails(quoteRecipients('quote.info_requested', people, 'e1', office.email))).toEqual([requester.email]);
  });

  it('an acceptance goes to the office and the other admins; the accepting requester is not told', () => {
    expect(emails(quoteRecipients('quote.accepted', people, 'e1', requester.email))).toEqual([
      office.email,
      office2.email,
      admin.email,
    ]);
  });

  it('an admin who asked hears what the company admins hear, once', () => {
    const withAdminRequester = [office, admin, { ...admin }];
    expect(emails(quoteRecipients('quote.quoted', withAdminRequester, 'a1', office.email))).toEqual([admin.email]);
    expect(quoteRecipients('quote.info_requested', [admin], 'a1', office.email)).toEqual([admin]);
  });

  it('an employee who did not ask is never told', () => {
    const other: QuotePerson = { id: 'e2', email: 'other@acme.example', username: 'Other', role: 'employee' };
    expect(emails(quoteRecipients('quote.quoted', [...people, other], 'e1', office.email))).not.toContain(other.email);
  });
});

describe('quote live audience', () => {
  it('is the requester and the company admins, each once', () => {
    expect(quoteLiveAudience(people, 'e1')).toEqual(['e1', 'a1']);
    expect(quoteLiveAudience(people, 'a1')).toEqual(['a1']);
    expect(quoteLiveAudience([office], null)).toEqual([]);
  });
});

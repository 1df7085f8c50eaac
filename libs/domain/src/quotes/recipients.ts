import type { RoleKey } from '@portal/contracts';
import type { QuoteParty } from './state';

/** Quote events that notify someone, and which parties their emails go to. */
export const QUOTE_EVENT_AUDIENCE = {
  'quote.submitted': ['superadmin'],
  'quote.replied': ['superadmin'],
  'quote.accepted': ['company_admin', 'superadmin'],
  'quote.quoted': ['requester', 'company_admin'],
  'quote.info_requested': ['requester'],
} as const satisfies Record<string, readonly QuoteParty[]>;
export type QuoteEventType = keyof typeof QUOTE_EVENT_AUDIENCE;

/** An active user who may hear of a request: a superadmin, an admin of its company, or its requester. */
export interface QuotePerson {
  id: string;
  email: string;
  username: string;
  role: RoleKey;
}

/** The party a person is to one request (null: an employee who did not ask). */
export function quotePartyOf(person: QuotePerson, requestedBy: string | null): QuoteParty | null {
  if (person.id === requestedBy) return 'requester';
  if (person.role === 'superadmin') return 'superadmin';
  if (person.role === 'admin') return 'company_admin';
  return null;
}

/**
 * Whom an event's email goes to: the people of the parties it names, each address once, never the
 * actor's own. An admin who asked is also told what the company's admins are told.
 */
export function quoteRecipients(
  type: QuoteEventType,
  people: readonly QuotePerson[],
  requestedBy: string | null,
  actorEmail: string | null,
): QuotePerson[] {
  const wanted: readonly QuoteParty[] = QUOTE_EVENT_AUDIENCE[type];
  const seen = new Set<string>([actorEmail ?? '']);
  const recipients: QuotePerson[] = [];
  for (const p of people) {
    const party = quotePartyOf(p, requestedBy);
    const isAdminRequester = p.id === requestedBy && p.role === 'admin' && wanted.includes('company_admin');
    if (!party || (!wanted.includes(party) && !isAdminRequester) || seen.has(p.email)) continue;
    seen.add(p.email);
    recipients.push(p);
  }
  return recipients;
}

/** Who sees a request move live (by their user rooms, superadmins by theirs): its requester and the company's admins. */
export function quoteLiveAudience(people: readonly QuotePerson[], requestedBy: string | null): string[] {
  return [
    ...new Set([...(requestedBy ? [requestedBy] : []), ...people.filter((p) => p.role === 'admin').map((p) => p.id)]),
  ];
}

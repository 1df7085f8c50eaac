import { type ApiClient, createCompany, createUser, type TestApi } from '../../../../test/api';
import { seedTestCatalogue } from '../../../../test/catalogue';
import { signInAll } from './index';

/** The users the filter-programme specs sign in as: A is Acme Air, B is Beta Cooling. */
export type ProgrammeWho = 'root' | 'adminA' | 'contactA' | 'empA' | 'adminB' | 'empB';

type ProgrammeUser = { email: string; role: 'superadmin' | 'admin' | 'employee'; company?: 'A' | 'B' };

const PROGRAMME_USERS: Record<ProgrammeWho, ProgrammeUser> = {
  root: { email: 'root@example.com', role: 'superadmin' },
  adminA: { email: 'admin@acme.com', role: 'admin', company: 'A' },
  contactA: { email: 'tech@acme.com', role: 'employee', company: 'A' },
  empA: { email: 'emp@acme.com', role: 'employee', company: 'A' },
  adminB: { email: 'admin@beta.com', role: 'admin', company: 'B' },
  empB: { email: 'emp@beta.com', role: 'employee', company: 'B' },
};

export interface ProgrammeCompanies<W extends ProgrammeWho> {
  companyA: string;
  companyB: string;
  as: Record<W, ApiClient>;
  ids: Record<W, string>;
  /** Priced catalogue variants of a standard size, by part number. */
  variants: { id: string; part_number: string }[];
  /** The first category by name (for custom sizes). */
  categoryId: string;
}

/**
 * The demo catalogue, two companies (Acme Air as A, Beta Cooling as B) and the users `who`, each
 * signed in. `users` changes one user's email or role (e.g. a second admin of A as contactA).
 */
export async function seedProgrammeCompanies<W extends ProgrammeWho>(
  api: TestApi,
  who: readonly W[],
  opts: { users?: Partial<Record<W, Partial<Omit<ProgrammeUser, 'company'>>>>; variants?: number } = {},
): Promise<ProgrammeCompanies<W>> {
  await seedTestCatalogue(api.db);
  const companyA = await createCompany(api.db, 'Acme Air');
  const companyB = await createCompany(api.db, 'Beta Cooling');
  const users = Object.fromEntries(who.map((w) => [w, { ...PROGRAMME_USERS[w], ...opts.users?.[w] }])) as Record<
    W,
    ProgrammeUser
  >;
  const ids = {} as Record<W, string>;
  for (const w of who) {
    const { email, role, company } = users[w];
    const companyId = company === 'A' ? companyA : company === 'B' ? companyB : null;
    ids[w] = (await createUser(api.db, { email, role, companyId })).id;
  }
  const as = await signInAll(api, Object.fromEntries(who.map((w) => [w, users[w].email])) as Record<W, string>);
  const variants: { id: string; part_number: string }[] = await api.db.query(
    `SELECT id, part_number FROM variants WHERE NOT odd_size AND list_price_cents > 0 ORDER BY part_number LIMIT $1`,
    [opts.variants ?? 1],
  );
  const [{ id: categoryId }] = await api.db.query(`SELECT id FROM categories ORDER BY name LIMIT 1`);
  return { companyA, companyB, as, ids, variants, categoryId };
}

async function created(res: Promise<{ status: number; body: { data: unknown } }>, what: string) {
  const { status, body } = await res;
  expect({ what, status }).toEqual({ what, status: 201 });
  return body.data as { _id: string; [field: string]: unknown };
}

/** POST sites as `who`; expects 201 and answers the new site. */
export const addSite = (who: ApiClient, fields: Record<string, unknown>) =>
  created(who.request('POST', 'sites', fields), 'site');

/** POST sites/:id/units as `who`; expects 201 and answers the new unit. */
export const addUnit = (who: ApiClient, siteId: string, fields: Record<string, unknown>) =>
  created(who.request('POST', `sites/${siteId}/units`, fields), 'unit');

/** POST units/:id/slots as `who`; expects 201 and answers the new slot. */
export const addSlot = (who: ApiClient, unitId: string, fields: Record<string, unknown>) =>
  created(who.request('POST', `units/${unitId}/slots`, fields), 'slot');

/** A slot fitted with catalogue variant `variantId` (4 every 3 months from `anchorDate`, final stage). */
export const catalogueSlot = (variantId: string, anchorDate: string, extra: Record<string, unknown> = {}) => ({
  stage: 'final',
  fitted: { kind: 'catalogue', variant_id: variantId },
  quantity: 4,
  interval_unit: 'month',
  interval_count: 3,
  anchor_date: anchorDate,
  ...extra,
});

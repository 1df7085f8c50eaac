import type { Locator, Page } from '@playwright/test';
import { addMonthsClamped, companyPriceCents, formatPrice, monthName } from '@portal/domain';
import { expect, signIn, superadminInNewContext, test, USERS } from './fixtures';

// 'Acme Air' pays 45.5 % of list (global-setup.ts); list prices of the demo catalogue's MERV 13 parts.
const ACME = {
  discount_percentage: '45.50',
  rigidflow_percentage: '100',
  minipro_percentage: '100',
  polyroll_percentage: '100',
};
const PARTS = [
  { part: 'M13-16201', listCents: 1529 },
  { part: 'M13-20201', listCents: 1759 },
  { part: 'M13-16251', listCents: 1759 },
];
const ODD_SIZES = ['16 3/8 x 20 1/4 x 1 exact', '17 1/2 x 23 5/8 x 1 exact'];
const UNITS_PER_SITE = 10;
const STAGES = ['pre', 'final'] as const;

interface ImportRow {
  code: string;
  name: string;
  unit: string;
  stage: string;
  fitted: string;
  quantity: number;
}

/**
 * The programme of two sites, 20 slots each (10 units × pre and final): all catalogue parts, except
 * the last unit of the first site, which takes two odd sizes. Every slot was last changed on the 15th
 * three months before `month`, with a 3-month interval — so all 40 fall due on the 15th of `month`.
 */
function programme(sites: { code: string; name: string }[]): ImportRow[] {
  const rows: ImportRow[] = [];
  sites.forEach((site, s) => {
    for (let u = 1; u <= UNITS_PER_SITE; u++) {
      STAGES.forEach((stage, k) => {
        const odd = s === 0 && u === UNITS_PER_SITE;
        rows.push({
          code: site.code,
          name: site.name,
          unit: `AHU-${u}`,
          stage,
          fitted: odd ? ODD_SIZES[k] : PARTS[(u + k + s) % PARTS.length].part,
          quantity: 1 + ((u + k) % 4),
        });
      });
    }
  });
  return rows;
}

function csv(rows: ImportRow[], lastChanged: string): string {
  const header = 'site code,site name,unit label,stage,part number or size,quantity,interval,last changed';
  const lines = rows.map((r) =>
    [r.code, r.name, r.unit, r.stage, r.fitted, r.quantity, '3 months', lastChanged].join(','),
  );
  return [header, ...lines].join('\n') + '\n';
}

/** What the Due page should total for a site: quantity × Acme's price over the catalogue lines. */
function expectedTotal(rows: ImportRow[]): string {
  const cents = rows.reduce((sum, r) => {
    const part = PARTS.find((p) => p.part === r.fitted);
    return part ? sum + r.quantity * companyPriceCents(part.listCents, 'MERV 13', ACME) : sum;
  }, 0);
  return formatPrice(cents);
}

function siteCard(page: Page, site: { code: string; name: string }): Locator {
  const heading = page.getByRole('heading', { name: `${site.name} (${site.code})` });
  return page.locator('.mantine-Paper-root').filter({ has: heading });
}

// The browser test: a company admin imports 40 slots (catalogue parts and odd sizes) for two
// sites → "Due" shows the month with its totals → "Request <Month> for <Site>" answers the order and
// quote numbers at once → the office finds them on the orders desk and the quote desk.
test('import 40 slots → Due shows the month with totals → request the month → order and quote reach the desks', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const today = new Date().toISOString().slice(0, 10);
  const month = addMonthsClamped(`${today.slice(0, 7)}-01`, 1).slice(0, 7);
  const lastChanged = addMonthsClamped(`${month}-15`, -3);
  const run = Date.now().toString(36).toUpperCase();
  const sites = [
    { code: `BA-${run}`, name: `Building A ${run}` },
    { code: `BB-${run}`, name: `Building B ${run}` },
  ];
  const rows = programme(sites);
  expect(rows).toHaveLength(40);

  // Import: dry run preview, then Apply.
  await signIn(page, USERS.admin.email);
  await page.getByRole('link', { name: 'Sites', exact: true }).click();
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import the filter programme' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Programme file (CSV or XLSX)' }).click();
  await (
    await chooser
  ).setFiles({ name: `programme-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv(rows, lastChanged)) });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  const counts = dialog.getByRole('group', { name: 'Dry-run counts' });
  await expect(counts).toContainText('Sites to create: 2', { timeout: 30_000 });
  await expect(counts).toContainText('Units to create: 20');
  await expect(counts).toContainText('Slots to create: 40');
  await expect(counts).toContainText('Errors: 0');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('2 sites, 20 units and 40 filter slots created');
  await dialog.getByRole('button', { name: 'Done' }).click();
  for (const site of sites) await expect(page.getByRole('row').filter({ hasText: site.code })).toBeVisible();

  // Due: the month, each site's lines and total; the odd sizes need a quote.
  await page.getByRole('link', { name: 'Due', exact: true }).click();
  await page.getByRole('textbox', { name: 'Month' }).fill(month);
  await expect(page).toHaveURL(new RegExp(`month=${month}`));
  const [a, b] = sites.map((site) => siteCard(page, site));
  await expect(a.getByRole('row')).toHaveCount(21);
  await expect(b.getByRole('row')).toHaveCount(21);
  await expect(a.getByRole('row').filter({ hasText: `${month}-15` })).toHaveCount(20);
  const rowsOf = (code: string) => rows.filter((r) => r.code === code);
  await expect(a).toContainText(`${expectedTotal(rowsOf(sites[0].code))} · 2 odd sizes need a quote`);
  await expect(b).toContainText(expectedTotal(rowsOf(sites[1].code)));
  await expect(b).not.toContainText('need a quote');
  await expect(a.getByText('Needs a quote')).toHaveCount(2);

  // Request the month for Building A: both numbers at once.
  const label = monthName(month, 'month');
  await a.getByRole('button', { name: `Request ${label} for ${sites[0].name}` }).click();
  const requested = a.getByTestId('requested');
  const orderLink = requested.getByRole('link', { name: /^Order R-\d+$/ });
  const quoteLink = requested.getByRole('link', { name: /^Quote Q-\d+$/ });
  await expect(orderLink).toBeVisible();
  await expect(quoteLink).toBeVisible();
  await expect(a.getByRole('button', { name: /^Request / })).toHaveCount(0);
  const order = /R-\d+/.exec((await orderLink.textContent()) ?? '')![0];
  const quote = /Q-\d+/.exec((await quoteLink.textContent()) ?? '')![0];
  // Building B is still to request.
  await expect(b.getByRole('button', { name: `Request ${label} for ${sites[1].name}` })).toBeVisible();

  // The office: the order request on the orders desk, the quote request on the quote desk.
  const desk = await superadminInNewContext(browser, USERS.superadmin);
  await desk.getByRole('link', { name: 'Orders desk' }).click();
  await expect(desk.getByRole('link', { name: order, exact: true })).toBeVisible();
  await desk.getByRole('link', { name: 'Quote desk' }).click();
  await expect(desk.getByRole('link', { name: quote, exact: true })).toBeVisible();
  await desk.context().close();
});

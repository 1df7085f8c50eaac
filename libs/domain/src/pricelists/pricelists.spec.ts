import { neutraliseCell as spreadsheetSafe } from '../text';
import { createPricelistSchema, fileSlug, pricelistFileName, PRICELIST_MSG } from './index';

describe('price-list rules', () => {
  it('validates the request body and drops unknown fields', () => {
    const id = 'A1B2C3D4-0000-4000-8000-000000000001';
    expect(createPricelistSchema.parse({ format: 'pdf', catalogueId: id, list_price: 1 })).toEqual({
      format: 'pdf',
      catalogueId: id.toLowerCase(),
    });
    expect(createPricelistSchema.parse({ format: 'csv', catalogueId: '', companyId: '' })).toEqual({ format: 'csv' });
    const bad = (body: unknown) => createPricelistSchema.safeParse(body).error?.issues[0]?.message;
    expect(bad({ format: 'doc' })).toBe(PRICELIST_MSG.formatInvalid);
    expect(bad({ format: 'csv', catalogueId: '../x' })).toBe(PRICELIST_MSG.catalogueInvalid);
    expect(bad({ format: 'csv', companyId: 7 })).toBe(PRICELIST_MSG.companyInvalid);
  });

  it('names files from company, scope and day, ASCII only', () => {
    const day = new Date('2026-11-23T22:00:00Z');
    expect(pricelistFileName('Acme Air & Co.', null, day, 'csv')).toBe('price-list-acme-air-co-2026-11-23.csv');
    expect(pricelistFileName('Ünïcode GmbH', 'MERV 10 – 1"', day, 'xlsx')).toBe(
      'price-list-unicode-gmbh-merv-10-1-2026-11-23.xlsx',
    );
    expect(fileSlug('***')).toBe('list');
  });

  it('neutralises spreadsheet formulas in text cells', () => {
    for (const t of ['=SUM(A1)', '+1', '-2', '@x', '\tx', '\rx']) expect(spreadsheetSafe(t)).toBe(`'${t}`);
    expect(spreadsheetSafe('M10-10101')).toBe('M10-10101');
  });
});

import { neutraliseCell, restoreCell } from '../text';
import { importMappingSchema, missingRequiredColumns, suggestMapping } from './import';

describe('catalogue spreadsheet helpers', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['16x25x1', '16x25x1'],
    ["'quoted", "'quoted"],
    ['', ''],
  ])('neutralises %j as %j and restores it', (raw, out) => {
    expect(neutraliseCell(raw)).toBe(out);
    expect(restoreCell(neutraliseCell(raw))).toBe(raw);
  });

  it('suggests a mapping from exact names and common spellings, each column once', () => {
    expect(suggestMapping(['Category', 'Sub-category', 'Product Name', 'Part No', 'Price', 'SKU', 'Notes'])).toEqual({
      Category: 'category',
      'Sub-category': 'subcategory',
      'Product Name': 'product',
      'Part No': 'part_number',
      Price: 'list_price',
      SKU: null,
      Notes: null,
    });
  });

  it('lists required columns a mapping leaves out', () => {
    expect(missingRequiredColumns({ a: 'category', b: 'part_number', c: null })).toEqual(['product', 'list_price']);
  });

  it('refuses unknown target columns and a column mapped twice', () => {
    expect(importMappingSchema.safeParse({ A: 'category', B: '' }).success).toBe(true);
    expect(importMappingSchema.safeParse({ A: 'price' }).success).toBe(false);
    const twice = importMappingSchema.safeParse({ A: 'category', B: 'category' });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0].message).toBe('Two file columns are mapped to category');
  });
});

import {
  parseAppendVariantsBody,
  parseEditId,
  parseNewProductBody,
  parseSaveVariantsBody,
  parseVariantPatchBody,
} from './edit-input';
import { EDIT_MSG, MAX_SAVE_ROWS } from './messages';

describe('catalogue edit bodies', () => {
  it('grid save: arrays of objects, bounded, force only when true', () => {
    expect(parseSaveVariantsBody({ variants: [{}], deleted: null, force: 'yes' })).toEqual({
      ok: true,
      value: { variants: [{}], deleted: [], force: false },
    });
    expect(parseSaveVariantsBody(undefined)).toEqual({
      ok: false,
      message: EDIT_MSG.invalidBody,
      errors: { variants: 'variants must be an array' },
    });
    expect(parseSaveVariantsBody({ variants: [], deleted: 'x' })).toMatchObject({
      ok: false,
      message: EDIT_MSG.invalidBody,
    });
    expect(parseSaveVariantsBody({ variants: [1] })).toEqual({ ok: false, message: EDIT_MSG.invalidBody });
    expect(parseSaveVariantsBody({ variants: Array(MAX_SAVE_ROWS + 1).fill({}) })).toEqual({
      ok: false,
      message: EDIT_MSG.tooManyRows,
    });
  });

  it('append, single variant, ids', () => {
    expect(parseAppendVariantsBody({ variants: [] })).toEqual({
      ok: false,
      message: EDIT_MSG.invalidBody,
      errors: { variants: 'variants must be a non-empty array' },
    });
    expect(parseVariantPatchBody([])).toEqual({ ok: false, message: EDIT_MSG.invalidBody });
    expect(parseVariantPatchBody(undefined)).toEqual({ ok: true, value: {} });
    expect(parseEditId('Bad')('nope')).toEqual({ ok: false, message: 'Bad' });
  });

  it('new product: trimmed name, catalogue id, first variant', () => {
    const id = '3f2a9c1d-0000-4000-8000-000000000000';
    expect(parseNewProductBody({ name: ' Box ', catalogue_id: id, variants: [{ part_number: 'X' }] })).toEqual({
      ok: true,
      value: { name: 'Box', catalogueId: id, first: { part_number: 'X' } },
    });
    expect(parseNewProductBody({ name: '' })).toMatchObject({
      ok: false,
      errors: { name: 'Product name is required' },
    });
    expect(parseNewProductBody({ name: 'x'.repeat(301) })).toEqual({
      ok: false,
      message: 'Product name must be at most 300 characters',
    });
    expect(parseNewProductBody({ name: 'Box', catalogue_id: 'x' })).toEqual({
      ok: false,
      message: EDIT_MSG.invalidCatalogueId,
    });
  });
});

import { dimensionQuerySchema, partNumberQuerySchema, catalogueRoleQuerySchema } from './read-query';
test('catalogue read queries never fail and keep repeated values invalid', () => {
  expect(dimensionQuerySchema.safeParse({}).success).toBe(true);
  expect(dimensionQuerySchema.parse({ width: ['1', '2'], x: 1 })).toEqual({
    width: '\u0000invalid',
    height: undefined,
    depth: undefined,
    action: undefined,
  });
  expect(partNumberQuerySchema.parse({})).toEqual({ partNumber: '' });
  expect(partNumberQuerySchema.parse({ partNumber: ' a ' })).toEqual({ partNumber: 'a' });
  expect(catalogueRoleQuerySchema.parse({})).toEqual({ unfiltered: false });
  expect(catalogueRoleQuerySchema.parse({ role: 'superadmin' })).toEqual({ unfiltered: true });
});

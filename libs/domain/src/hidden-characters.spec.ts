import { demandResolveSchema, findQuerySchema, partAliasCreateSchema } from './find/schemas';
import {
  createQuoteRequestSchema,
  declineQuoteSchema,
  quoteInfoSchema,
  quoteMessageSchema,
  rejectQuoteSchema,
} from './quotes/schemas';
import { hasControlCharsInMultiline, multilineText } from './text';

/** What the probe sent: bidi override, NEL (C1), ESC (C0), and a few more. */
const HIDDEN = ['\u202e', '\u0085', '\u001b', '\u0000', '\u200f', '\u2066', '\u007f', '\u009b'];
const VARIANT = '6f1c1c1e-3c7a-4a8e-9f62-0c1f0b2a7d11';
const issue = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues[0];

describe('printable text in aliases, brands, demand keys and find', () => {
  it.each(HIDDEN)('U+%s is refused in alias, brand, key and q, naming the field', (c) => {
    const code = c.codePointAt(0)!.toString(16);
    expect(code).toBeTruthy();
    const alias = partAliasCreateSchema.safeParse({ alias: `AB${c}12`, variantId: VARIANT, source: 'oem' });
    expect(issue(alias)).toMatchObject({
      path: ['alias'],
      message: 'alias must not contain line breaks, tabs or invisible control characters',
    });
    const brand = partAliasCreateSchema.safeParse({
      alias: 'AB12',
      variantId: VARIANT,
      source: 'oem',
      brand: `Acme${c}`,
    });
    expect(issue(brand)?.path).toEqual(['brand']);
    const key = demandResolveSchema.safeParse({ key: `AB${c}12`, variantId: VARIANT, source: 'customer' });
    expect(issue(key)?.path).toEqual(['key']);
    expect(issue(findQuerySchema.safeParse({ q: `AB${c}12` }))?.path).toEqual(['q']);
  });

  it('a note on an alias keeps line breaks and tabs, refuses the rest', () => {
    const ok = partAliasCreateSchema.parse({ alias: 'AB12', variantId: VARIANT, source: 'oem', note: 'a\n\tb\r\nc' });
    expect(ok.note).toBe('a\n\tb\nc');
    const bad = partAliasCreateSchema.safeParse({ alias: 'AB12', variantId: VARIANT, source: 'oem', note: 'a\u202eb' });
    expect(issue(bad)).toMatchObject({ path: ['note'], message: 'note must not contain invisible control characters' });
  });

  it('plain text still passes (spaces, accents, full-width, emoji)', () => {
    expect(
      partAliasCreateSchema.safeParse({ alias: 'ＲＦ 16201 é', variantId: VARIANT, source: 'oem', brand: 'Müller 😀' })
        .success,
    ).toBe(true);
    expect(findQuerySchema.parse({ q: '  20x25x1 merv 13 ' }).q).toBe('20x25x1 merv 13');
  });
});

describe('quote requests: one-line fields printable, multi-line fields keep line breaks and tabs', () => {
  const line = (part_number: string) => ({ kind: 'unlisted', part_number, quantity: 1 });
  it.each(HIDDEN)('U+%s is refused in every quote text field', (c) => {
    expect(issue(createQuoteRequestSchema.safeParse({ lines: [line(`X${c}1`)] }))).toMatchObject({
      path: ['lines', 0, 'part_number'],
      message: 'Part number must not contain line breaks, tabs or invisible control characters',
    });
    expect(
      issue(createQuoteRequestSchema.safeParse({ lines: [line('X1')], customer_reference: `PO${c}7` })),
    ).toMatchObject({
      path: ['customer_reference'],
      message: 'Your reference must not contain line breaks, tabs or invisible control characters',
    });
    expect(issue(createQuoteRequestSchema.safeParse({ lines: [line('X1')], note: `a${c}b` }))).toMatchObject({
      path: ['note'],
      message: 'The note must not contain invisible control characters',
    });
    expect(issue(quoteMessageSchema.safeParse({ body: `a${c}b` }))?.path).toEqual(['body']);
    expect(issue(quoteInfoSchema.safeParse({ message: `a${c}b` }))?.path).toEqual(['message']);
    expect(issue(rejectQuoteSchema.safeParse({ reason: `a${c}b` }))?.path).toEqual(['reason']);
    expect(issue(declineQuoteSchema.safeParse({ reason: `a${c}b` }))?.path).toEqual(['reason']);
  });

  it('line breaks and tabs: refused on one line, kept (CRLF as LF) in notes and messages', () => {
    expect(issue(createQuoteRequestSchema.safeParse({ lines: [line('X\t1')] }))?.path).toEqual([
      'lines',
      0,
      'part_number',
    ]);
    expect(
      issue(createQuoteRequestSchema.safeParse({ lines: [line('X1')], customer_reference: 'PO\n7' }))?.path,
    ).toEqual(['customer_reference']);
    const ok = createQuoteRequestSchema.parse({ lines: [line('X1')], note: 'line 1\r\n\tline 2' });
    expect(ok.note).toBe('line 1\n\tline 2');
    expect(quoteMessageSchema.parse({ body: 'Hi,\n\n\tthanks' }).body).toBe('Hi,\n\n\tthanks');
  });

  it('the multi-line rule itself', () => {
    expect(hasControlCharsInMultiline('a\nb\tc')).toBe(false);
    expect(hasControlCharsInMultiline('a\rb')).toBe(true);
    expect(multilineText('Note').safeParse('a\r\nb').data).toBe('a\nb');
  });
});

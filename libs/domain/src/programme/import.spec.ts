import {
  formatInterval,
  looksLikeSize,
  parseInterval,
  parseQuantity,
  parseSizeString,
  parseStage,
  programmeColumns,
  sizeString,
  unitKindFromLabel,
} from './import';

describe('programme spreadsheet rules', () => {
  it('reads intervals in days, weeks, months and years between 7 and 730 days, and writes them back', () => {
    expect(parseInterval('3 months')).toEqual({ ok: true, value: { unit: 'month', count: 3 } });
    expect(parseInterval('90 days')).toEqual({ ok: true, value: { unit: 'day', count: 90 } });
    expect(parseInterval('2 weeks')).toEqual({ ok: true, value: { unit: 'week', count: 2 } });
    expect(parseInterval('1 year')).toEqual({ ok: true, value: { unit: 'month', count: 12 } });
    expect(parseInterval('24 months')).toEqual({ ok: true, value: { unit: 'month', count: 24 } });
    expect(parseInterval('5 years')).toEqual({ ok: false, message: "interval '5 years' is longer than 730 days" });
    expect(parseInterval('731 days')).toEqual({ ok: false, message: "interval '731 days' is longer than 730 days" });
    expect(parseInterval('6 days')).toEqual({ ok: false, message: "interval '6 days' is shorter than 7 days" });
    expect(parseInterval('often').ok).toBe(false);
    for (const text of ['3 months', '90 days', '2 weeks', '1 month', '1 week']) {
      const r = parseInterval(text);
      expect(r.ok && formatInterval(r.value)).toBe(text);
    }
  });

  it('tells sizes from part numbers; sizes follow the odd-size rules and round-trip as text', () => {
    expect(looksLikeSize('20x25x1')).toBe(true);
    expect(looksLikeSize('16 3/8 x 20 1/4 x 1 exact')).toBe(true);
    expect(looksLikeSize('RF-16201')).toBe(false);
    expect(parseSizeString('20x25x1')).toEqual({
      ok: true,
      value: { width: 20, height: 25, depth: 1, measure: 'nominal', size_type: 'SINGLE' },
    });
    const exact = parseSizeString('16 3/8 x 20 1/4 x 1 exact');
    expect(exact).toMatchObject({ ok: true, value: { width: 16.375, height: 20.25, depth: 1, measure: 'exact' } });
    // A fraction makes a size exact even when not said.
    expect(parseSizeString('16 3/8x20x1')).toMatchObject({ ok: true, value: { measure: 'exact' } });
    expect(parseSizeString('0x20x1')?.ok).toBe(false);
    expect(parseSizeString('RF-16201')).toBeNull();
    expect(sizeString(16.375, 20.25, 1, 'exact')).toBe('16 3/8 x 20 1/4 x 1 exact');
    expect(sizeString(20, 25, 1, 'nominal')).toBe('20x25x1');
  });

  it('stages, quantities, unit kinds and header names', () => {
    expect(parseStage('')).toEqual({ ok: true, value: 'single' });
    expect(parseStage('Pre-filter')).toEqual({ ok: true, value: 'pre' });
    expect(parseStage('Final filter')).toEqual({ ok: true, value: 'final' });
    expect(parseStage('middle').ok).toBe(false);
    expect(parseQuantity('4')).toEqual({ ok: true, value: 4 });
    expect(parseQuantity(4)).toEqual({ ok: true, value: 4 });
    expect(parseQuantity('501').ok).toBe(false);
    expect(parseQuantity('2.5').ok).toBe(false);
    expect(unitKindFromLabel('AHU-3')).toBe('ahu');
    expect(unitKindFromLabel('RTU 2')).toBe('rtu');
    expect(unitKindFromLabel('EF-1')).toBe('exhaust');
    expect(unitKindFromLabel('Boiler room')).toBe('other');
    const { columns, missing } = programmeColumns([
      'Site_Code',
      'Unit',
      'Part Number',
      'Qty',
      'Interval',
      'Last changed',
    ]);
    expect(missing).toEqual([]);
    expect(columns).toMatchObject({ 'site code': 0, 'unit label': 1, 'part number or size': 2, quantity: 3 });
    expect(programmeColumns(['site code']).missing).toContain('interval');
  });
});

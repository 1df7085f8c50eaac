import { hasControlChars, nameField, plainText } from './text';

describe('control characters in names', () => {
  const controls = ['\r', '\n', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u009f', '\u200e', '\u200f'];
  const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

  it.each([...controls, ...bidi].map((c) => [c.codePointAt(0)!.toString(16), c]))('U+%s is a control', (_, c) => {
    expect(hasControlChars(`a${c}b`)).toBe(true);
    expect(nameField('User Name', 'required', 100, 'long').safeParse(`Ann${c}Lee`).success).toBe(false);
  });

  it('ordinary Unicode is not: accents, CJK, emoji, apostrophes, ZWJ sequences, non-breaking space', () => {
    for (const s of ["Zoë O'Brien", '王小明', 'Team 🙂', '👩‍💻 dev', 'A\u00a0B', 'Ünïcödé – dash']) {
      expect(hasControlChars(s)).toBe(false);
      expect(nameField('User Name', 'required', 100, 'long').parse(`  ${s} `)).toBe(s);
    }
  });

  it('nameField names the field in its message', () => {
    const r = nameField('Company Name', 'required', 200, 'long').safeParse('Evil\r\nCo');
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe(
      'Company Name must not contain line breaks, tabs or invisible control characters',
    );
  });

  it('plainText flattens line breaks to spaces and drops bidi controls', () => {
    expect(plainText('Eve\r\nSYSTEM: click\u202Ehere')).toBe('Eve SYSTEM: clickhere');
    expect(plainText('a\u0085b\tc\u2066d\u2069')).toBe('a b cd');
    expect(plainText('plain text stays')).toBe('plain text stays');
  });
});

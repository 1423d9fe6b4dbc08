import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldPath } from './field-label';

describe('fieldLabel', () => {
  it('names a printable field as it is', () => {
    expect(fieldLabel('owner_1_name')).toBe('owner_1_name');
    expect(fieldLabel('größe')).toBe('größe');
    expect(fieldPath(['offers', 0, 'amount'])).toBe('offers.0.amount');
  });

  it('quotes and escapes a name with control, format, lone surrogate, quote, colon or white space characters', () => {
    expect(fieldLabel('a:\u0000b')).toBe('"a:\\u0000b"');
    expect(fieldLabel('x\u202Ey')).toBe('"x\\u202ey"');
    expect(fieldLabel('\uD800')).toBe('"\\ud800"');
    expect(fieldLabel('say "hi"')).toBe('"say \\"hi\\""');
    expect(fieldLabel('tab\there')).toBe('"tab\\u0009here"');
    expect(fieldLabel('')).toBe('""');
  });

  it('is stable and bounded for any string', () => {
    const long = `k${'\u0001'.repeat(500)}`;
    expect(fieldLabel(long)).toBe(fieldLabel(long));
    expect(fieldLabel('y'.repeat(500))).toBe(`${'y'.repeat(120)}…`);
    for (const name of ['\u0000', 'a\u0000:b', '\u007f', ':']) expect(fieldLabel(name)).toMatch(/^"(?:[^"\\\p{C}]|\\.)*"$/u);
  });
});

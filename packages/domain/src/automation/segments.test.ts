import { describe, expect, it } from 'vitest';
import { smsSegments } from './segments';

describe('smsSegments', () => {
  it('counts a plain GSM-7 text in one segment up to 160 characters', () => {
    expect(smsSegments('Hi Maria, would you consider a cash offer for 12 Oak St?')).toEqual({ characters: 56, segments: 1, encoding: 'GSM-7' });
    expect(smsSegments('a'.repeat(160))).toEqual({ characters: 160, segments: 1, encoding: 'GSM-7' });
    expect(smsSegments('')).toEqual({ characters: 0, segments: 0, encoding: 'GSM-7' });
  });

  it('splits longer GSM-7 texts 153 to a segment', () => {
    expect(smsSegments('a'.repeat(161))).toEqual({ characters: 161, segments: 2, encoding: 'GSM-7' });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts extension-table characters twice and keeps GSM-7 for accented letters of the alphabet', () => {
    expect(smsSegments('Offer: €150,000 [cash] ~ close in 10 days')).toEqual({ characters: 45, segments: 1, encoding: 'GSM-7' });
    expect(smsSegments('Café à Müller, ¿Señor?')).toMatchObject({ encoding: 'GSM-7', characters: 22 });
    // á is not in the GSM-7 alphabet (à is)
    expect(smsSegments('Está bien')).toMatchObject({ encoding: 'UCS-2', characters: 9 });
    expect(smsSegments('€'.repeat(80))).toEqual({ characters: 160, segments: 1, encoding: 'GSM-7' });
    // 152 plain + one € (2 units) does not fit the first 153-unit segment whole, so it moves to the second
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toEqual({ characters: 164, segments: 2, encoding: 'GSM-7' });
  });

  it('switches to UCS-2 for any other character: 70, then 67 a segment', () => {
    expect(smsSegments('Thanks — talk soon')).toEqual({ characters: 18, segments: 1, encoding: 'UCS-2' });
    expect(smsSegments(`${'a'.repeat(69)}’`)).toEqual({ characters: 70, segments: 1, encoding: 'UCS-2' });
    expect(smsSegments(`${'a'.repeat(70)}’`)).toEqual({ characters: 71, segments: 2, encoding: 'UCS-2' });
    expect(smsSegments('ç'.repeat(134))).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(smsSegments('ç'.repeat(135))).toMatchObject({ encoding: 'UCS-2', segments: 3 });
  });

  it('counts an emoji as two units and never splits it across segments', () => {
    expect(smsSegments('Great news 🏠')).toEqual({ characters: 13, segments: 1, encoding: 'UCS-2' });
    expect(smsSegments(`${'a'.repeat(66)}🏠${'a'.repeat(10)}`)).toEqual({ characters: 78, segments: 2, encoding: 'UCS-2' });
    expect(smsSegments(`${'a'.repeat(66)}🏠${'a'.repeat(66)}🏠`)).toEqual({ characters: 136, segments: 3, encoding: 'UCS-2' });
  });
});

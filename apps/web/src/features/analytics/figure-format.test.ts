import { describe, expect, it } from 'vitest';
import { delta, durationText, percentText } from './figure-format';

describe('the figures as they read', () => {
  it('writes durations and rates', () => {
    expect(durationText(45)).toBe('45 s');
    expect(durationText(180)).toBe('3 min');
    expect(durationText(192)).toBe('3 min 12 s');
    expect(durationText(15_120)).toBe('4 h 12 min');
    expect(durationText(null)).toBe('—');
    expect(percentText(0.254)).toBe('25.4%');
    expect(percentText(null)).toBe('—');
  });

  it('compares a count as a percentage, from nothing by how much, and a rate in points', () => {
    expect(delta('count', 120, 100)).toEqual({ text: '↑ 20%', words: 'up 20% against the period before', direction: 'up' });
    expect(delta('count', 97, 100).text).toBe('↓ 3%');
    expect(delta('count', 1001, 1000).text).toBe('↑ under 1%');
    expect(delta('count', 5, 0).text).toBe('↑ 5');
    expect(delta('count', 5400, 0, durationText).text).toBe('↑ 1 h 30 min');
    expect(delta('count', 12, 12).text).toBe('No change');
    expect(delta('count', 0, 0)).toMatchObject({ text: '—', direction: 'none' });
    expect(delta('count', 180, null).text).toBe('—');
    expect(delta('rate', 0.25, 0.33).text).toBe('↓ 8 pts');
    expect(delta('rate', 0.03, 0.005).text).toBe('↑ 2.5 pts');
    expect(delta('rate', null, 0.1).text).toBe('—');
  });
});

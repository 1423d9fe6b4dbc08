import { describe, expect, it } from 'vitest';
import { formatDateTime, isTimeZone } from './time';

describe('one date and time format', () => {
  const at = new Date('2026-11-23T23:12:00Z');
  it('writes a moment in a time zone, naming the zone when asked', () => {
    expect(formatDateTime(at, { timeZone: 'UTC' })).toBe('Nov 23, 2026, 11:12 PM');
    expect(formatDateTime(at, { timeZone: 'America/Chicago' })).toBe('Nov 23, 2026, 5:12 PM');
    expect(formatDateTime('2026-11-23T23:12:00Z', { timeZone: 'America/Chicago', withZone: true })).toBe('Nov 23, 2026, 5:12 PM CST');
    expect(formatDateTime(at, { timeZone: 'Asia/Tokyo', withZone: true })).toBe('Nov 24, 2026, 8:12 AM GMT+9');
  });
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('x'.repeat(65))).toBe(false);
  });
});

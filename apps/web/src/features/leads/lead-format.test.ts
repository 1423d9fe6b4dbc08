import { formatDateTime } from '@wholesail/domain';
import { describe, expect, it } from 'vitest';
import { dateTimeText, MISSING } from './lead-format';

describe('dateTimeText', () => {
  it('writes a moment in the one format the server stamps call notes with, in the browser zone', () => {
    expect(dateTimeText('2026-11-23T23:12:00Z')).toBe(formatDateTime(new Date('2026-11-23T23:12:00Z')));
    expect(dateTimeText('2026-11-23T23:12:00Z')).toMatch(/^Nov 2[34], 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(dateTimeText(null)).toBe(MISSING);
  });
});

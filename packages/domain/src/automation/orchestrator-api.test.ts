import { describe, expect, it } from 'vitest';
import { feedQuery } from './orchestrator-api';

describe('the orchestrator feed query', () => {
  it('takes an earlier page’s position or a time as `before`, and names the field of a bad one', () => {
    const cursor = '2026-01-02T03:04:05.123456Z~rule~0b9f2f6e-1c3a-4c1e-9a59-2f1c0d8e7a61';
    expect(feedQuery.parse({ before: cursor })).toEqual({ before: cursor, limit: 50 });
    expect(feedQuery.parse({ before: '2026-01-02T03:04:05Z', limit: '10' })).toEqual({ before: '2026-01-02T03:04:05Z', limit: 10 });
    for (const before of ['yesterday', '2026-01-02T03:04:05.123456Z~robots~0b9f2f6e-1c3a-4c1e-9a59-2f1c0d8e7a61', `${cursor}x`]) {
      const result = feedQuery.safeParse({ before });
      expect(result.success, before).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^before: /);
    }
  });

  it('names the field of a bad filter or limit', () => {
    const message = (input: Record<string, unknown>) => feedQuery.safeParse(input).error?.issues[0]?.message;
    expect(message({ lead_id: 'x' })).toBe('lead_id: expected a lead id');
    expect(message({ outcome: 'boom' })).toMatch(/^outcome: expected one of done, due/);
    expect(message({ limit: '101' })).toBe('limit: must be at most 100');
    expect(message({ limit: '0' })).toBe('limit: must be 1 or more');
  });
});

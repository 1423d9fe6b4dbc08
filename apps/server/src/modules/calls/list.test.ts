import { describe, expect, it } from 'vitest';
import { withSystem } from '../../db/scope';
import { newCallingLead } from '../../../test/calling';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

/** Calls written straight into the table (the list reads rows; placing them is the dialer's tests' work). */
async function insertCalls(t: TestApp, organizationId: string, userId: string, leadId: string, starts: Array<[string, 'completed' | 'no-answer']>) {
  return withSystem(t.database.db, (tx) =>
    tx
      .insertInto('calls')
      .values(starts.map(([at, status], i) => ({
        organization_id: organizationId, user_id: userId, lead_id: leadId, from_e164: '+15125550100', to_e164: '+15125550111',
        call_sid: `CA-list-${organizationId.slice(0, 8)}-${leadId.slice(0, 4)}-${i}`, provider: 'demo' as const, status, started_at: new Date(at),
      })))
      .returning(['id', 'started_at'])
      .execute(),
  );
}

describe.each(DB_KINDS)('GET /api/calls on %s', (kind) => {
  const t = useTestApp(kind);

  it('lists the organization’s calls newest first, page by page, with its filters', async () => {
    const a = await t.createOrg('Calls List A');
    const b = await t.createOrg('Calls List B');
    const one = await newCallingLead(t, a.cookie, 1);
    const two = await newCallingLead(t, a.cookie, 2);
    const theirs = await newCallingLead(t, b.cookie, 3);
    await insertCalls(t, a.organizationId, a.userId, one.id, [['2026-11-01T10:00:00Z', 'completed'], ['2026-11-03T10:00:00Z', 'no-answer'], ['2026-11-05T10:00:00Z', 'completed']]);
    await insertCalls(t, a.organizationId, a.userId, two.id, [['2026-11-04T10:00:00Z', 'completed']]);
    await insertCalls(t, b.organizationId, b.userId, theirs.id, [['2026-11-06T10:00:00Z', 'completed']]);
    const get = async (query: string) => {
      const res = await t.request('GET', `/api/calls${query}`, { cookie: a.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: Array<{ lead_id: string; started_at: string; status: string }>; next_cursor: string | null };
    };
    const starts = (page: Awaited<ReturnType<typeof get>>) => page.items.map((c) => c.started_at.slice(0, 10));

    const first = await get('?limit=3');
    expect(starts(first)).toEqual(['2026-11-05', '2026-11-04', '2026-11-03']);
    const second = await get(`?limit=3&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(starts(second)).toEqual(['2026-11-01']);
    expect(second.next_cursor).toBeNull();

    expect(starts(await get(`?lead_id=${one.id}`))).toEqual(['2026-11-05', '2026-11-03', '2026-11-01']);
    expect(starts(await get('?status=no-answer'))).toEqual(['2026-11-03']);
    expect(starts(await get('?started_after=2026-11-04T00:00:00Z'))).toEqual(['2026-11-05', '2026-11-04']);
    expect(starts(await get(`?user_id=${a.userId}&lead_id=${two.id}`))).toEqual(['2026-11-04']);
    // Another organization's lead is nobody's here.
    expect((await get(`?lead_id=${theirs.id}`)).items).toEqual([]);
  });

  it('answers bad filters with a 400 naming them', async () => {
    const a = await t.createOrg('Calls List C');
    const bad = async (query: string) => (await t.request('GET', `/api/calls${query}`, { cookie: a.cookie })).json().error.message;
    expect(await bad('?cursor=yesterday')).toBe('cursor: expected the next_cursor of an earlier page');
    expect(await bad('?status=lost')).toMatch(/^status: expected one of initiated/);
    expect(await bad('?limit=500')).toBe('limit: must be at most 200');
    expect(await bad('?colour=red')).toMatch(/colour/);
  });
});

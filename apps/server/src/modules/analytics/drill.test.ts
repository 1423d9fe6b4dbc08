import { beforeAll, describe, expect, it } from 'vitest';
import { DRILL_METRICS, type DrillMetric } from '@wholesail/domain';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { callSummary, spokenDuration, textSummary } from './drill';
import { seedWeek } from './analytics.week';

const RANGE = 'from=2026-03-02&to=2026-03-08';

describe('drill summaries', () => {
  it('says how long a call lasted and how it went', () => {
    expect([0, 45, 60, 192, 3600].map(spokenDuration)).toEqual(['0 s', '45 s', '1 min', '3 min 12 s', '60 min']);
    expect(callSummary({ answered_at: '2026-03-02T15:00:05Z', duration_sec: 192, disposition: 'interested' })).toBe('Connected, 3 min 12 s — Interested');
    expect(callSummary({ answered_at: null, duration_sec: 0, disposition: 'no_answer' })).toBe('Not connected — No Answer');
    expect(callSummary({ answered_at: null, duration_sec: null, disposition: 'unknown' })).toBe('Not connected');
    expect(textSummary({ status: 'delivered', body: 'Hi  Pat,\nstill thinking?' })).toBe('Delivered: Hi Pat, still thinking?');
    expect(textSummary({ status: 'received', body: 'x'.repeat(100) })).toBe(`Reply: ${'x'.repeat(79)}…`);
  });
});

/** The records behind the numbers of seedWeek's rows (analytics.week.ts), reported in America/Chicago. */
describe.each(DB_KINDS)('the records behind the analytics numbers on %s', (kind) => {
  const t = useTestApp(kind);
  const { ok } = memberApi(t);
  let week: Awaited<ReturnType<typeof seedWeek>>;
  const drill = (query: string, who = week.a) => ok(who, 'GET', `/api/analytics/drill?${RANGE}&${query}`);

  beforeAll(async () => {
    week = await seedWeek(t);
    for (const org of [week.a, week.b]) await ok(org, 'PATCH', '/api/settings/reporting', { timeZone: 'America/Chicago' });
  }, 60_000);

  it('lists the calls behind the dials newest first, paged, with the lead, the member and what happened', async () => {
    const { calls, leads, m } = week;
    const all = await drill('metric=dials');
    expect(all.total).toBe(6);
    expect(all.items.map((i: { id: string }) => i.id)).toEqual([calls[4], calls[9], calls[3], calls[2], calls[1], calls[0]]);
    expect(all.items.map((i: { summary: string }) => i.summary)).toEqual([
      'Connected, 30 s — Callback Requested', 'Connected, 0 s', 'Connected, 1 min 1 s — Appointment Scheduled', 'Connected, 1 min — Not Interested',
      'Not connected — No Answer', 'Connected, 3 min 12 s — Interested',
    ]);
    expect(all.items[5]).toEqual({
      kind: 'call', id: calls[0], at: '2026-03-02T15:00:00.000Z', lead_id: leads.l1, lead_name: 'Lena One', member_name: 'Olive Owner',
      summary: 'Connected, 3 min 12 s — Interested', href: `/leads/${leads.l1}`,
    });
    expect(await drill('metric=dials&limit=2&offset=2')).toEqual({ total: 6, items: [all.items[2], all.items[3]] });
    expect((await drill(`metric=dials&member=${m.userId}`)).items.map((i: { id: string }) => i.id)).toEqual([calls[4], calls[3]]);
    expect(await drill('metric=outcome:interested')).toMatchObject({ total: 1, items: [{ id: calls[0] }] });
  });

  it('lists the texts, replies, opt-outs, offers and stage changes behind their numbers', async () => {
    const { texts, leads, deal, m } = week;
    expect(await drill('metric=replies')).toMatchObject({
      total: 2,
      items: [
        { kind: 'text', id: texts[6], lead_name: 'Luis Two', member_name: 'Mira Member', summary: 'Reply: Text at 2026-03-03T18:00:00Z', href: `/leads/${leads.l2}` },
        { kind: 'text', id: texts[3], lead_name: 'Lena One', member_name: 'Olive Owner', summary: 'Reply: Text at 2026-03-02T15:20:00Z' },
      ],
    });
    expect(await drill('metric=texts_failed')).toMatchObject({ total: 1, items: [{ id: texts[5], member_name: 'Mira Member', summary: 'Failed: Text at 2026-03-03T17:05:00Z' }] });
    const optOut = {
      kind: 'opt_out', id: '+15125551002', at: '2026-03-03T18:01:00.000Z', lead_id: leads.l2, lead_name: 'Luis Two', member_name: null,
      summary: 'Opted out by text from 1 (512) 555-1002', href: `/leads/${leads.l2}`,
    };
    expect(await drill('metric=opt_outs')).toEqual({ total: 1, items: [optOut] });
    // Opt-outs are the organization's, whoever is picked.
    expect(await drill(`metric=opt_outs&member=${m.userId}`)).toEqual({ total: 1, items: [optOut] });
    expect(await drill('metric=offers')).toMatchObject({
      total: 1, items: [{ kind: 'deal', lead_id: leads.l1, lead_name: 'Lena One', member_name: 'Olive Owner', summary: 'Offer of $175,000 sent', href: `/deals/${deal}` }],
    });
    expect(await drill('metric=under_contract')).toMatchObject({ total: 1, items: [{ at: '2026-03-05T15:00:00.000Z', summary: 'Under contract at $182,000', href: `/deals/${deal}` }] });
    expect(await drill(`metric=closed&member=${m.userId}`)).toMatchObject({ total: 1, items: [{ member_name: 'Mira Member', summary: 'Closed at $182,000' }] });
  });

  it('lists for every metric, of the team and of one member, exactly the records its figure counts', async () => {
    const { a, m } = week;
    for (const member of ['', `&member=${m.userId}`]) {
      const [calls, texts, funnel] = await Promise.all(['calls', 'texts', 'funnel'].map((r) => ok(a, 'GET', `/api/analytics/${r}?${RANGE}${member}`)));
      const step = (key: string) => funnel.steps.find((s: { key: string }) => s.key === key).count;
      const figure = (metric: DrillMetric): number => {
        if (metric.startsWith('outcome:')) return calls.outcomes[metric.slice(8)];
        if (metric === 'dials' || metric === 'connects' || metric === 'conversations') return calls[metric];
        if (metric.startsWith('texts_')) return texts[metric.slice(6)];
        if (metric === 'replies' || metric === 'opt_outs') return texts[metric];
        return step(metric);
      };
      const counted: Record<string, [number, number, number]> = {};
      const expected: Record<string, [number, number, number]> = {};
      for (const metric of DRILL_METRICS) {
        const page = await drill(`metric=${encodeURIComponent(metric)}&limit=200${member}`);
        counted[metric] = [page.total, page.items.length, new Set(page.items.map((i: { id: string }) => i.id)).size];
        expected[metric] = [figure(metric), figure(metric), figure(metric)];
      }
      expect(counted).toEqual(expected);
    }
  });

  it("shows each organization only its own records, and another organization's member none", async () => {
    const { a, b } = week;
    expect(await drill('metric=dials', b)).toMatchObject({ total: 1, items: [{ member_name: expect.any(String), lead_name: 'Bea Other', summary: 'Connected, 8 min 20 s — Interested' }] });
    expect(await drill(`metric=dials&member=${b.userId}`, a)).toEqual({ total: 0, items: [] });
    expect(await drill('metric=opt_outs', b)).toMatchObject({ total: 1, items: [{ id: '+15125552001' }] });
    expect((await drill('metric=replies', a)).items.map((i: { lead_name: string }) => i.lead_name)).not.toContain('Bea Other');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { seedGrowthWeek } from './growth.fixture';

const RANGE = 'from=2026-03-02&to=2026-03-08';
const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'];
type Item = { id: string; kind: string; lead_name: string; summary: string; href: string; at: string };

/** The growth report over seedGrowthWeek's rows (growth.fixture.ts): every expected figure is worked out by hand from them. */
describe.each(DB_KINDS)('the growth report on %s', (kind) => {
  const t = useTestApp(kind);
  const { ok, call } = memberApi(t);
  let week: Awaited<ReturnType<typeof seedGrowthWeek>>;
  const growth = () => ok(week.a, 'GET', `/api/analytics/growth?${RANGE}`);

  beforeAll(async () => {
    week = await seedGrowthWeek(t);
    for (const org of [week.a, week.b]) await ok(org, 'PATCH', '/api/settings/reporting', { timeZone: 'America/Chicago' });
  }, 60_000);

  it('counts the leads that came in per local day and source: 23:30 is that day’s, 00:30 the next one’s', async () => {
    const { inflow, from, to, time_zone } = await growth();
    expect({ from, to, time_zone }).toEqual({ from: '2026-03-02', to: '2026-03-08', time_zone: 'America/Chicago' });
    expect(inflow.total).toBe(8);
    expect(inflow.sources).toEqual([
      { source: 'Zillow', leads: 4 }, { source: 'CSV import', leads: 1 }, { source: 'PropStream', leads: 1 }, { source: 'Referral', leads: 1 }, { source: 'Unknown', leads: 1 },
    ]);
    expect(inflow.by_day).toEqual([
      { date: '2026-03-02', total: 1, by_source: { Zillow: 1 } },
      { date: '2026-03-03', total: 1, by_source: { 'CSV import': 1 } },
      { date: '2026-03-04', total: 1, by_source: { Zillow: 1 } },
      { date: '2026-03-05', total: 1, by_source: { Referral: 1 } },
      { date: '2026-03-06', total: 1, by_source: { PropStream: 1 } },
      { date: '2026-03-07', total: 1, by_source: { Zillow: 1 } },
      { date: '2026-03-08', total: 2, by_source: { Zillow: 1, Unknown: 1 } },
    ]);
  });

  it('lists the imports of the range on their local day, and none of another organization', async () => {
    const { lists } = await growth();
    expect(lists).toEqual([
      { import_id: week.list, filename: 'march.csv', created_at: '2026-03-03T05:30:00.000Z', date: '2026-03-02', status: 'completed', inserted: 120, updated: 5, members: 2 },
    ]);
  });

  it('counts leads by status and deals by stage at the end of each day, deleted leads left out', async () => {
    const { pipeline } = await growth();
    expect(pipeline.lead_status.keys).toEqual([{ key: 'new', label: 'New' }, { key: 'discovery', label: 'Discovery' }, { key: 'add-to-followup', label: 'Follow up' }]);
    const counts = [[2, 0, 1], [3, 0, 1], [3, 1, 1], [4, 1, 1], [5, 1, 1], [5, 1, 1], [7, 1, 1]];
    expect(pipeline.lead_status.by_day).toEqual(DAYS.map((date, i) => ({ date, counts: { new: counts[i]![0], discovery: counts[i]![1], 'add-to-followup': counts[i]![2] } })));
    expect(pipeline.deal_stage.keys).toEqual([{ key: 'offer_made', label: 'Offer made' }, { key: 'under_contract', label: 'Under contract' }]);
    expect(pipeline.deal_stage.by_day.map((d: { counts: Record<string, number> }) => d.counts)).toEqual(
      DAYS.map((_, i) => ({ offer_made: 1, under_contract: i >= 4 ? 1 : 0 })),
    );
  });

  it('measures the time to first contact of the leads first contacted in the range', async () => {
    const { speed } = await growth();
    expect(speed).toEqual({
      count: 4,
      avg_sec: (240 + 9000 + 1_209_600 + 53_100) / 4,
      median_bucket: 'hour_1_to_24',
      buckets: [
        { bucket: 'under_5_min', label: 'Under 5 minutes', leads: 1 },
        { bucket: 'min_5_to_60', label: '5–60 minutes', leads: 0 },
        { bucket: 'hour_1_to_24', label: '1–24 hours', leads: 2 },
        { bucket: 'day_1_to_7', label: '1–7 days', leads: 0 },
        { bucket: 'over_7_days', label: 'Longer', leads: 1 },
      ],
    });
  });

  it('lists the leads still waiting for a first contact, the longest-waiting first', async () => {
    const { uncontacted } = await growth();
    expect(uncontacted.total).toBe(4);
    expect(uncontacted.oldest.map((l: { owner_1_name: string }) => l.owner_1_name)).toEqual(['Lena One', 'Luis Two', 'Lars Six', 'Lily Seven']);
  });

  it('lists the records behind the pipeline and the speed, exactly as many as counted', async () => {
    const drill = (query: string) => ok(week.a, 'GET', `/api/analytics/growth/drill?${query}`);
    const newOn5th = await drill('metric=lead_status&key=new&day=2026-03-05');
    expect(newOn5th.total).toBe(4);
    expect(newOn5th.items.map((i: Item) => i.lead_name)).toEqual(['Lia Four', 'Luis Two', 'Lena One', 'Lex Ten']);
    expect(newOn5th.items[0]).toMatchObject({ kind: 'lead', id: week.leads.l4, href: `/leads/${week.leads.l4}`, summary: 'New · Lia Four House, Austin, TX', at: '2026-03-05T16:00:00.000Z' });
    const paged = await drill('metric=lead_status&key=new&day=2026-03-05&limit=2&offset=2');
    expect(paged).toEqual({ total: 4, items: newOn5th.items.slice(2) });

    const contract = await drill('metric=deal_stage&key=under_contract&day=2026-03-06');
    expect(contract).toEqual({ total: 1, items: [expect.objectContaining({ kind: 'deal', id: week.deals.d1, href: `/deals/${week.deals.d1}`, lead_name: 'Lou Three', summary: 'Under contract · Lou Three House, Austin, TX' })] });
    expect(await drill('metric=deal_stage&key=under_contract&day=2026-03-05')).toEqual({ total: 0, items: [] });

    const zillow = await drill(`metric=inflow&source=Zillow&${RANGE}`);
    expect(zillow.total).toBe(4);
    expect(zillow.items.map((i: Item) => [i.lead_name, i.summary])).toEqual([
      ['Lars Six', 'From Zillow · Lars Six House, Austin, TX'], ['Lola Nine', 'From Zillow · Lola Nine House, Austin, TX'],
      ['Lou Three', 'From Zillow · Lou Three House, Austin, TX'], ['Lena One', 'From Zillow · Lena One House, Austin, TX'],
    ]);
    expect(await drill('metric=inflow&from=2026-03-08&to=2026-03-08')).toMatchObject({ total: 2, items: [{ lead_name: 'Lars Six' }, { lead_name: 'Lux Eleven', summary: 'From Unknown · Lux Eleven House, Austin, TX' }] });
    // A lead in the bin still came in: the list finds it there.
    expect(await drill('metric=inflow&from=2026-03-07&to=2026-03-07')).toMatchObject({ total: 1, items: [{ id: week.leads.l9 }] });
    const members = await drill(`metric=list&list=${week.list}`);
    expect(members.total).toBe(2);
    expect(members.items.map((i: Item) => i.summary).sort()).toEqual(['On march.csv · Lena One House, Austin, TX', 'On march.csv · Luis Two House, Austin, TX']);

    const hours = await drill(`metric=speed&bucket=hour_1_to_24&${RANGE}`);
    expect(hours.total).toBe(2);
    expect(hours.items.map((i: Item) => [i.lead_name, i.summary, i.at])).toEqual([
      ['Lux Eleven', 'First contact 14 h 45 min after it came in · Lux Eleven House, Austin, TX', '2026-03-09T04:45:00.000Z'],
      ['Lia Four', 'First contact 2 h 30 min after it came in · Lia Four House, Austin, TX', '2026-03-05T18:30:00.000Z'],
    ]);
    expect((await drill(`metric=speed&bucket=over_7_days&${RANGE}`)).items.map((i: Item) => i.summary)).toEqual(['First contact 14 days after it came in · Leo Five House, Austin, TX']);
    expect((await drill(`metric=speed&${RANGE}`)).total).toBe(4);
  });

  it('shows another organization nothing of A', async () => {
    const other = await ok(week.b, 'GET', `/api/analytics/growth?${RANGE}`);
    expect(other.inflow.sources).toEqual([{ source: 'Zillow', leads: 1 }]);
    expect(other.lists.map((l: { filename: string }) => l.filename)).toEqual(['b.csv']);
    expect(other.pipeline.deal_stage.keys).toEqual([{ key: 'closed', label: 'Closed' }]);
    expect(other.speed.count).toBe(1);
    expect(await ok(week.b, 'GET', '/api/analytics/growth/drill?metric=lead_status&key=new&day=2026-03-08')).toMatchObject({ total: 1, items: [{ lead_name: 'Bea Other' }] });
    expect(await ok(week.b, 'GET', `/api/analytics/growth/drill?metric=list&list=${week.list}`)).toEqual({ total: 0, items: [] });
  });

  it('answers bad input with 400 naming the field', async () => {
    const bad = async (query: string, message: string | RegExp) =>
      expect((await call(week.a, 'GET', `/api/analytics/growth${query}`)).body, query).toMatchObject({ error: { code: 'VALIDATION_ERROR', message } });
    await bad(`?${RANGE}&member=${week.a.userId}`, 'member: growth is the whole team’s; leave member out');
    await bad('?from=2026-03-09&to=2026-03-08', 'to: must be on or after from');
    await bad('?from=2026-02-30&to=2026-03-08', 'from: expected a date as YYYY-MM-DD');
    await bad('/drill?metric=pipeline', /^metric: expected one of inflow, list, lead_status/);
    await bad('/drill?metric=list&list=march.csv', 'list: expected a list (import) id');
    await bad('/drill?metric=lead_status&day=2026-03-08', 'key: required for metric lead_status');
    await bad('/drill?metric=deal_stage&key=won&day=2026-03-08', /^key: expected one of analyzing/);
    await bad('/drill?metric=lead_status&key=new&day=yesterday', 'day: expected a date as YYYY-MM-DD');
    await bad('/drill?metric=uncontacted&bucket=ancient', /^bucket: expected one of today, days_1_2/);
    await bad('/drill?metric=speed&bucket=under_5_min&from=2026-03-08', 'to: required for metric speed');
    await bad('/drill?metric=speed&bucket=under_5_min&from=2025-01-01&to=2026-03-08', 'to: a range can span at most 400 days');
    await bad('/drill?metric=uncontacted&bucket=today&limit=500', 'limit: expected a number from 1 to 200');
  });
});

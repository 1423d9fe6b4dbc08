import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDay, wallTimeToInstant, type CivilDate } from '@wholesail/domain';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { insertDeal, insertLeads, moveDeal, updateLead } from './growth.fixture';
import { todayOf } from './service';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;
const ZONE = 'America/Chicago';

/**
 * What waits now and what moved today: leads created k local days before today (at 01:00 local) and one created now,
 * status changes and deal moves written now. The expected figures count from today, whatever day the test runs.
 */
describe.each(DB_KINDS)('growth now on %s', (kind) => {
  const t = useTestApp(kind);
  const { ok } = memberApi(t);
  let a: Org;
  let today: CivilDate;
  let ids: Record<string, string>;
  let deal: string;
  const day = (k: number) => formatDay(addDays(today, -k));
  const ago = (k: number, minutes = 60) => wallTimeToInstant(ZONE, addDays(today, -k), minutes);

  beforeAll(async () => {
    a = await t.createOrg('Growth now');
    await ok(a, 'PATCH', '/api/settings/reporting', { timeZone: ZONE });
    today = todayOf(ZONE, new Date());
    const names = ['U2', 'U5a', 'U5b', 'U8', 'U30', 'U31', 'Gone40', 'Called40'];
    const leads = await insertLeads(t, a.organizationId, [
      { name: 'U2', at: ago(2) }, { name: 'U5a', at: ago(5) }, { name: 'U5b', at: ago(5, 61) }, { name: 'U8', at: ago(8) },
      { name: 'U30', at: ago(30) }, { name: 'U31', at: ago(31) }, { name: 'Gone40', at: ago(40), status: 'deleted' }, { name: 'Called40', at: ago(40), contacted: ago(39) },
    ]);
    ids = Object.fromEntries(names.map((n, i) => [n, leads[i]!]));
    // Created now (the table's default), then moved on in later transactions.
    ids.U0 = (await t.request('POST', '/api/leads', { cookie: a.cookie, body: { owner_1_name: 'U0', property_address_state: 'TX' } })).json().id;
    await updateLead(t, a.organizationId, ids.U0!, { status: 'discovery' });
    await updateLead(t, a.organizationId, ids.U31!, { status: 'add-to-followup' });
    deal = await insertDeal(t, a.organizationId, ids.Called40!, 'analyzing', new Date());
    await moveDeal(t, a.organizationId, deal, 'offer_made');
    await moveDeal(t, a.organizationId, deal, 'under_contract', 'marketing');
  }, 60_000);

  it('buckets the leads waiting for a first contact by their age in local days', async () => {
    const { uncontacted } = await ok(a, 'GET', `/api/analytics/growth?from=${day(1)}&to=${day(0)}`);
    expect(uncontacted.total).toBe(7);
    expect(uncontacted.buckets.map((b: { leads: number }) => b.leads)).toEqual([1, 1, 2, 2, 1]);
    expect(uncontacted.oldest.map((l: { owner_1_name: string }) => l.owner_1_name)).toEqual(['U31', 'U30', 'U8', 'U5a', 'U5b']);
    const drill = await ok(a, 'GET', '/api/analytics/growth/drill?metric=uncontacted&bucket=days_3_7');
    expect(drill.total).toBe(2);
    expect(drill.items.map((i: { lead_name: string }) => i.lead_name)).toEqual(['U5a', 'U5b']);
    expect((await ok(a, 'GET', '/api/analytics/growth/drill?metric=uncontacted&bucket=today')).items.map((i: { id: string }) => i.id)).toEqual([ids.U0]);
    expect((await ok(a, 'GET', '/api/analytics/growth/drill?metric=uncontacted&limit=3')).items.map((i: { lead_name: string }) => i.lead_name)).toEqual(['U31', 'U30', 'U8']);
    expect((await ok(a, 'GET', '/api/analytics/growth/drill?metric=uncontacted')).total).toBe(7);
  });

  it('counts today’s status changes and deal moves at the end of today, and yesterday as it ended', async () => {
    const { pipeline } = await ok(a, 'GET', `/api/analytics/growth?from=${day(1)}&to=${day(0)}`);
    expect(pipeline.lead_status).toEqual({
      keys: [{ key: 'new', label: 'New' }, { key: 'discovery', label: 'Discovery' }, { key: 'add-to-followup', label: 'Follow up' }],
      by_day: [
        { date: day(1), counts: { new: 7, discovery: 0, 'add-to-followup': 0 } },
        { date: day(0), counts: { new: 6, discovery: 1, 'add-to-followup': 1 } },
      ],
    });
    expect(pipeline.deal_stage.by_day).toEqual([{ date: day(1), counts: { marketing: 0 } }, { date: day(0), counts: { marketing: 1 } }]);
    const yesterday = await ok(a, 'GET', `/api/analytics/growth/drill?metric=lead_status&key=new&day=${day(1)}`);
    expect(yesterday.total).toBe(7);
    expect(yesterday.items.map((i: { lead_name: string }) => i.lead_name).sort()).toEqual(['Called40', 'U2', 'U30', 'U31', 'U5a', 'U5b', 'U8']);
  });

  it('keeps each record’s history as spans: a stage held for no time at all is dropped', async () => {
    const spans = await withSystem(t.database.db, (tx) =>
      sql<{ key: string; open: boolean }>`select key, until is null as open from analytics_pipeline_spans where record_id = ${deal} order by since`.execute(tx));
    expect(spans.rows).toEqual([{ key: 'analyzing', open: false }, { key: 'offer_made', open: false }, { key: 'marketing', open: true }]);
  });

  it('measures a first contact written now from when the lead came in', async () => {
    await updateLead(t, a.organizationId, ids.U2!, { last_contacted_at: new Date() });
    const { speed, uncontacted } = await ok(a, 'GET', `/api/analytics/growth?from=${day(0)}&to=${day(0)}`);
    expect(uncontacted.buckets.map((b: { leads: number }) => b.leads)).toEqual([1, 0, 2, 2, 1]);
    expect(speed.buckets.find((b: { bucket: string }) => b.bucket === 'day_1_to_7').leads).toBe(1);
    expect(speed.count).toBe(1);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareByScore, compositeScore, LEAD_STATUSES, type ScoreInput } from '@wholesail/domain';
import { withTenant } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { deriveLeadColumns } from './derive';
import { topLeads } from './top';

const DAY = 86_400_000;
const NOW = new Date('2026-06-15T12:00:00Z');

/** 2,000 random leads; a handful of middling-motivation ones carry every other term, so they belong on top. */
function randomLeads(seed: number) {
  const statuses = LEAD_STATUSES;
  const rare = fc.constantFrom(false, false, false, false, false, false, false, true);
  const arb = fc.record({
    motivation_score: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
    estimated_value: fc.option(fc.constantFrom(80000, 100000, 120000, 150000, 150001, 200000, 300000, 300001, 500000, 500001, 900000), { nil: null }),
    equity_amount: fc.option(fc.constantFrom(0, 5000, 10000, 20000, 25000, 25001, 50001, 100001, 150000, 150001), { nil: null }),
    tax_delinquent: rare,
    out_of_state_owner: rare,
    pre_foreclosure: rare,
    vacant: rare,
    phone: fc.option(fc.constant('512-555-0100'), { nil: null }),
    email: fc.option(fc.constant('x@example.com'), { nil: null }),
    contacted_days_ago: fc.option(fc.constantFrom(0.5, 6.9, 7, 7.1, 29.9, 30, 31, 200, -2), { nil: null }),
    status: fc.constantFrom(...statuses, 'new', 'new', 'new'),
    created_days_ago: fc.integer({ min: 0, max: 400 }),
  });
  const leads = fc.sample(arb, { numRuns: 2000, seed });
  for (let i = 0; i < 8; i++) {
    Object.assign(leads[i * 97]!, {
      motivation_score: 5, estimated_value: 900000, equity_amount: 200000, tax_delinquent: true, out_of_state_owner: true,
      pre_foreclosure: true, vacant: true, phone: '512-555-0100', email: 'x@example.com', contacted_days_ago: 1, status: 'discovery',
    });
  }
  return leads.map((l, i) => {
    const { contacted_days_ago, created_days_ago, ...fields } = l;
    return {
      ...fields,
      owner_1_name: `Owner ${i}`,
      property_address_full: `${i} Test Street`,
      last_contacted_at: contacted_days_ago === null ? null : new Date(NOW.getTime() - contacted_days_ago * DAY),
      created_at: new Date(NOW.getTime() - created_days_ago * DAY - i * 1000),
    };
  });
}

describe.each(DB_KINDS)('top leads by composite score on %s', (kind) => {
  const t = useTestApp(kind);
  let org: Awaited<ReturnType<TestApp['createOrg']>>;
  let seeded: ReturnType<typeof randomLeads>;

  beforeAll(async () => {
    org = await t.createOrg('Top Realty');
    seeded = randomLeads(42);
    await withTenant(t.database.db, org.organizationId, async (tx) => {
      for (let i = 0; i < seeded.length; i += 500) {
        await tx
          .insertInto('leads')
          .values(seeded.slice(i, i + 500).map((l) => ({ ...l, ...deriveLeadColumns(l), organization_id: org.organizationId })) as never)
          .execute();
      }
    });
  }, 120_000);

  const bruteForce = (limit: number) =>
    seeded
      .filter((l) => l.status !== 'deleted')
      .map((l) => ({ name: l.owner_1_name, score: compositeScore(l as unknown as ScoreInput, NOW).score, created_at: l.created_at, motivation: l.motivation_score }))
      .sort(compareByScore)
      .slice(0, limit);

  it('equals a brute-force ranking over every lead, whichever way each segment is read', async () => {
    const expected = bruteForce(10);
    // The old "top 50 by motivation" shortcut would miss these: the true top 10 reaches past it.
    const top50ByMotivation = new Set(
      seeded
        .filter((l) => l.status !== 'deleted')
        .sort((x, y) => (y.motivation_score ?? -1) - (x.motivation_score ?? -1) || y.created_at.getTime() - x.created_at.getTime())
        .slice(0, 50)
        .map((l) => l.owner_1_name),
    );
    expect(expected.filter((l) => !top50ByMotivation.has(l.name)).length).toBeGreaterThan(2);
    expect(expected.some((l) => (l.motivation ?? 0) <= 5)).toBe(true);
    for (const smallSegment of [2000, 50, 1]) {
      const got = await withTenant(t.database.db, org.organizationId, (tx) => topLeads(tx, org.organizationId, 10, NOW, smallSegment));
      expect(got.map((l) => [l.owner_1_name, l.composite_score]), `smallSegment ${smallSegment}`).toEqual(expected.map((l) => [l.name, l.score]));
    }
  });

  it('serves GET /api/leads/top with the score breakdown that adds up to the score', async () => {
    const res = await t.request('GET', '/api/leads/top?limit=10', { cookie: org.cookie });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ composite_score: number; score_breakdown: Array<{ term: string; points: number; label: string }> }>;
    expect(items).toHaveLength(10);
    for (const item of items) {
      expect(item.score_breakdown.reduce((s, term) => s + term.points, 0)).toBe(item.composite_score);
      expect(item.score_breakdown.every((term) => term.label.length > 0)).toBe(true);
    }
    const scores = items.map((i) => i.composite_score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    expect((await t.request('GET', '/api/leads/top?limit=0', { cookie: org.cookie })).statusCode).toBe(400);
  });
});

import type { TestApp } from '../../../test/harness';
import { fixtureLead, insertCalls, insertDeal, insertListing, insertOffer, insertStageEvent, insertTexts, twoMembers } from './analytics.fixture';

/**
 * A week of calls, texts, opt-outs, offers and stage changes of two members of A (Olive Owner, Mira Member), to be
 * reported in America/Chicago over 2026-03-02..08 (DST starts on the 8th: that day has 23 hours) and the period before
 * it, 2026-02-23..03-01; and B's records in the same hours. The tests' expected figures are worked out by hand from
 * these rows.
 */
export async function seedWeek(t: TestApp) {
  const a = await t.createOrg('Analytics A');
  const b = await t.createOrg('Analytics B');
  const m = await twoMembers(t, a, 'Olive Owner', 'Mira Member');
  const [l1, l2, l3] = [
    await fixtureLead(t, a, 'Lena One', '5125551001'), await fixtureLead(t, a, 'Luis Two', '5125551002'), await fixtureLead(t, a, 'Lou Three', '5125551003'),
  ];
  const o = a.userId;
  const calls = await insertCalls(t, a.organizationId, l1, [
    { user: o, at: '2026-03-02T15:00:00Z', answered: true, duration: 192, outcome: 'interested' },
    { user: o, at: '2026-03-02T15:10:00Z', outcome: 'no_answer' },
    { user: o, at: '2026-03-03T16:00:00Z', answered: true, duration: 60, outcome: 'not_interested' },
    { user: m.userId, at: '2026-03-03T16:30:00Z', answered: true, duration: 61, outcome: 'appointment_scheduled' },
    // 23:30 CDT on the last day of the range, then 00:30 CDT the day after it.
    { user: m.userId, at: '2026-03-09T04:30:00Z', answered: true, duration: 30, outcome: 'callback_requested' },
    { user: m.userId, at: '2026-03-09T05:30:00Z', answered: true, duration: 100, outcome: 'interested' },
    // 23:30 CST on the previous period's last day; 00:30 CST on its first; 23:30 CST the day before it.
    { user: o, at: '2026-03-02T05:30:00Z', answered: true, duration: 120, outcome: 'interested' },
    { user: m.userId, at: '2026-02-23T06:30:00Z' },
    { user: o, at: '2026-02-23T05:30:00Z' },
    // Answered, no length recorded, no outcome.
    { user: o, at: '2026-03-05T18:00:00Z', answered: true, duration: null },
  ]);
  const texts = await insertTexts(t, a.organizationId, [
    { lead: l1, user: o, at: '2026-03-01T18:00:00Z', direction: 'outbound', status: 'delivered' },
    { lead: l1, at: '2026-03-01T19:00:00Z', direction: 'inbound' },
    { lead: l1, user: o, at: '2026-03-02T15:05:00Z', direction: 'outbound', status: 'delivered' },
    { lead: l1, at: '2026-03-02T15:20:00Z', direction: 'inbound' },
    { lead: l2, user: m.userId, at: '2026-03-03T17:00:00Z', direction: 'outbound', status: 'sent' },
    { lead: l2, user: m.userId, at: '2026-03-03T17:05:00Z', direction: 'outbound', status: 'failed' },
    { lead: l2, at: '2026-03-03T18:00:00Z', direction: 'inbound' },
    { lead: l2, user: o, at: '2026-03-04T15:00:00Z', direction: 'outbound', status: 'queued' },
    // The seller wrote first: not a reply.
    { lead: l3, at: '2026-03-04T16:00:00Z', direction: 'inbound' },
    { lead: l1, user: o, at: '2026-03-09T04:30:00Z', direction: 'outbound', status: 'delivered' },
    { lead: l1, user: o, at: '2026-03-09T05:30:00Z', direction: 'outbound', status: 'delivered' },
  ]);
  // One person opting out lists both of the lead's numbers: one opt-out. A manual listing is none.
  await insertListing(t, a.organizationId, { phone: '+15125551002', source: 'sms_opt_out', lead: l2, from: '+15125551002', at: '2026-03-03T18:01:00Z' });
  await insertListing(t, a.organizationId, { phone: '+15125551012', source: 'sms_opt_out', lead: l2, from: '+15125551002', at: '2026-03-03T18:01:00Z' });
  await insertListing(t, a.organizationId, { phone: '+15125551003', source: 'manual', lead: l3, at: '2026-03-04T17:00:00Z' });
  const deal = await insertDeal(t, a.organizationId, l1, o, 182_000);
  await insertOffer(t, a.organizationId, deal, o, '2026-03-04T15:00:00Z');
  await insertOffer(t, a.organizationId, deal, m.userId, '2026-02-25T15:00:00Z', 160_000);
  await insertStageEvent(t, a.organizationId, deal, o, '2026-03-05T15:00:00Z', 'offer_made', 'under_contract');
  await insertStageEvent(t, a.organizationId, deal, o, '2026-03-06T15:00:00Z', 'under_contract', null);
  await insertStageEvent(t, a.organizationId, deal, m.userId, '2026-03-09T04:45:00Z', 'under_contract', 'closed');

  // Organization B's records in the same hours: never in A's figures.
  const lb = await fixtureLead(t, b, 'Bea Other', '5125552001');
  await insertCalls(t, b.organizationId, lb, [{ user: b.userId, at: '2026-03-03T16:00:00Z', answered: true, duration: 500, outcome: 'interested' }]);
  await insertTexts(t, b.organizationId, [{ lead: lb, user: b.userId, at: '2026-03-03T17:00:00Z', direction: 'outbound', status: 'delivered' }, { lead: lb, at: '2026-03-03T17:30:00Z', direction: 'inbound' }]);
  await insertListing(t, b.organizationId, { phone: '+15125552001', source: 'sms_opt_out', lead: lb, from: '+15125552001', at: '2026-03-03T18:00:00Z' });
  await insertOffer(t, b.organizationId, await insertDeal(t, b.organizationId, lb, b.userId, 1), b.userId, '2026-03-04T15:00:00Z');
  return { a, b, m, leads: { l1, l2, l3 }, deal, calls, texts };
}

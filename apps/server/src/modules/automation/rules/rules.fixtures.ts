import { sql } from 'kysely';
import { expect } from 'vitest';
import type { DomainEventType } from '@wholesail/domain';
import { withSystem } from '../../../db/scope';
import { DAYTIME, newCallingLead, type CallingLead } from '../../../../test/calling';
import type { TestApp } from '../../../../test/harness';
import { memberApi } from '../../../../test/member-api';
import { deliveredTo } from '../../../../test/outbox';
import { poll } from '../../../../test/poll';
import { RULES_SUBSCRIBER } from './automation-rules';

export type Org = Awaited<ReturnType<TestApp['createOrg']>>;
/** An organization with a caller-ID number (calls and texts need one). */
export type NumberedOrg = Org & { from: string };
export type RunRow = { lead_id: string; event_key: string; outcome: string; details: string[]; reason: string | null };

/** Demo line and texting quick enough for a call and a text's reply within a test; a call rings long enough to end unanswered. */
export const RULES_ENV = { DEMO_RING_MS: '60000', DEMO_SMS_DELIVERY_MS: '20', DEMO_SMS_REPLY_MS: '50' };

/** What the rules' tests do through the API and read from the database, for one test app. */
export function rulesFixture(t: TestApp) {
  const { call, ok } = memberApi(t);
  let n = 0;
  const db = () => t.database.db;

  /** A Texas lead with its own callable number (`extra` overrides any field). */
  const newLead = (org: Org, extra: Record<string, unknown> = {}): Promise<CallingLead> => {
    const k = ++n;
    return newCallingLead(t, org.cookie, k % 100, { owner_1_name: `Rita Rule ${k}`, ...extra }, String(10 + Math.floor(k / 100)));
  };
  const newRule = (org: Org, body: Record<string, unknown>) => ok(org, 'POST', '/api/automation-rules', { name: `Rule ${++n}`, conditions: {}, ...body }, 201);
  const newSequence = (org: Org, name = `Sequence ${++n}`) =>
    ok(org, 'POST', '/api/sequences', { name, steps: [{ kind: 'email', delay_minutes: 600, subject: 'Hello', body: 'Hi {first_name}' }] }, 201);

  /** Waits until the rules' subscriber has had the event (its runs committed with the delivery). */
  const delivered = (type: DomainEventType, match: Record<string, unknown>) => deliveredTo(db(), RULES_SUBSCRIBER, type, match);

  /** The rule's runs, oldest first, read behind the wall (tests look at what was recorded). */
  const runs = (ruleId: string): Promise<RunRow[]> =>
    withSystem(db(), (tx) =>
      tx.selectFrom('automation_rule_runs').select(['lead_id', 'event_key', 'outcome', 'details', 'reason']).where('rule_id', '=', ruleId).orderBy('created_at').orderBy('id').execute(),
    ) as Promise<RunRow[]>;
  const runsFor = (ruleId: string, count: number) => poll(`${count} runs of the rule`, async () => {
    const rows = await runs(ruleId);
    return rows.length >= count ? rows : null;
  });

  const lead = (org: Org, id: string) => ok(org, 'GET', `/api/leads/${id}`);
  const timeline = async (org: Org, leadId: string) => ((await ok(org, 'GET', `/api/leads/${leadId}/activity`)).items as { summary: string }[]).map((e) => e.summary);

  /** Dials the lead on the demo line and logs the call's outcome at once, while it still rings (answered_at stays empty). */
  const completeCall = async (org: NumberedOrg, target: CallingLead, outcome: string) => {
    t.app.services.calls.clock = () => DAYTIME;
    const dialled = await ok(org, 'POST', '/api/calls', { lead_id: target.id, from_e164: org.from, to_e164: target.to, connection_sid: 'conn-rules' }, 201);
    await ok(org, 'POST', `/api/calls/${dialled.call_id}/complete`, { outcome });
    return dialled.call_id as string;
  };

  /** Moves a task's time an hour into the past, as time passing would. */
  const makeOverdue = (taskId: string) => withSystem(db(), (tx) => sql`update ai_tasks set proposed_time = now() - interval '1 hour' where id = ${taskId}`.execute(tx));

  return { call, ok, newLead, newRule, newSequence, delivered, runs, runsFor, lead, timeline, completeCall, makeOverdue };
}

export async function orgWithNumber(t: TestApp, name: string, from: string): Promise<NumberedOrg> {
  const org = await t.createOrg(name);
  const res = await t.request('POST', '/api/phone-numbers', { cookie: org.cookie, body: { phone_number: from, is_primary: true } });
  expect(res.statusCode, res.body).toBe(201);
  return { ...org, from };
}

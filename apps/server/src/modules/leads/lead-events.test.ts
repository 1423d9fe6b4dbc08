import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { INBOUND_SMS_SOURCE } from '../conversations/service';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;

/** What a lead's changes leave behind: the audit trail and the events, each in the transaction of the change. */
describe.each(DB_KINDS)('lead audit and events on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Owner;
  beforeAll(async () => {
    a = await t.createOrg('Lead Events');
  });
  const trail = (leadId: string) =>
    withSystem(t.database.db, async (tx) => ({
      // The scoring job's entry (lead.ai_scored) comes when it runs: not part of the change's own trail.
      audit: await tx.selectFrom('activity_logs').select(['action', 'actor_id', 'details']).where('entity_id', '=', leadId).where('action', '<>', 'lead.ai_scored').orderBy('created_at').execute(),
      events: (await tx.selectFrom('outbox').select(['type', 'organization_id', 'payload']).where('payload', '@>', JSON.stringify({ leadId })).orderBy('id').execute()),
    }));

  it('audits and announces a lead created, updated and deleted by a member', async () => {
    const created = await t.request('POST', '/api/leads', { cookie: a.cookie, body: { owner_1_name: 'Eve Events', source: 'referral' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await t.request('PATCH', `/api/leads/${id}`, { cookie: a.cookie, body: { status: 'discovery', notes: 'Called back' } })).statusCode).toBe(200);
    expect((await t.request('DELETE', `/api/leads/${id}`, { cookie: a.cookie })).statusCode).toBe(204);
    const { audit, events } = await trail(id);
    expect(audit).toEqual([
      { action: 'lead.created', actor_id: a.userId, details: {} },
      { action: 'lead.updated', actor_id: a.userId, details: { fields: ['notes', 'status'], status: { from: 'new', to: 'discovery' } } },
      { action: 'lead.deleted', actor_id: a.userId, details: {} },
    ]);
    expect(events).toEqual([
      { type: 'lead.created', organization_id: a.organizationId, payload: { leadId: id, source: 'referral' } },
      { type: 'lead.updated', organization_id: a.organizationId, payload: { leadId: id, fields: ['notes', 'status'], status: 'discovery' } },
      { type: 'lead.deleted', organization_id: a.organizationId, payload: { leadId: id } },
    ]);
  });

  it('creates the lead of a number that texted in through the same path: audited by the system and announced', async () => {
    const stored = await t.app.services.conversations.receiveInbound({ messageSid: 'SMlead-events-1', from: '+15125550177', to: '+15125550100', body: 'Who is this?', organizationId: a.organizationId });
    expect(stored).toMatchObject({ result: 'stored', leadCreated: true });
    const { message } = stored as { message: { id: string; lead_id: string } };
    const { audit, events } = await trail(message.lead_id);
    expect(audit).toEqual([
      { action: 'lead.created', actor_id: null, details: { source: INBOUND_SMS_SOURCE, phone: '+15125550177' } },
      { action: 'sms.received', actor_id: null, details: { conversation_id: message.id, from_e164: '+15125550177', preview: 'Who is this?' } },
    ]);
    expect(events).toEqual([
      { type: 'lead.created', organization_id: a.organizationId, payload: { leadId: message.lead_id, source: INBOUND_SMS_SOURCE } },
      { type: 'text.received', organization_id: a.organizationId, payload: { leadId: message.lead_id, conversationId: message.id } },
    ]);
  });
});

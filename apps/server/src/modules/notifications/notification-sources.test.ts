import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, NotificationList } from '@wholesail/domain';
import { withTenant } from '../../db/scope';
import { newCallingLead } from '../../../test/calling';
import { DB_KINDS, ORIGIN, useTestApp } from '../../../test/harness';
import { addMember, type SignedInMember as Member } from '../../../test/members';
import { deliveredTo } from '../../../test/outbox';
import { poll } from '../../../test/poll';
import { emit } from '../outbox/emit';
import { notifyDueFollowUps, startFollowUpSweep } from './follow-ups';
import { NOTIFICATION_SUBSCRIBERS } from './subscriptions';

const FROM = '+15125550411';

describe.each(DB_KINDS)('what creates notifications, on %s', (kind) => {
  const t = useTestApp(kind);
  let owner: Member;
  let agent: Member;
  let other: Member;

  const list = async (who: Member): Promise<NotificationList> => {
    const res = await t.request('GET', '/api/notifications', { cookie: who.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const titles = async (who: Member) => (await list(who)).items.map((n) => n.title);
  const emitEvent = (event: DomainEvent) => withTenant(t.database.db, event.organizationId, (tx) => emit(tx, event));
  let leadNumber = 0;
  const newLead = (who: Member) => newCallingLead(t, who.cookie, ++leadNumber, {}, '41');

  beforeAll(async () => {
    owner = await t.createOrg('Sources A');
    other = await t.createOrg('Sources B');
    agent = await addMember(t, owner.organizationId, 'agent-sources@example.com');
    expect((await t.request('POST', '/api/phone-numbers', { cookie: owner.cookie, body: { phone_number: FROM, is_primary: true } })).statusCode).toBe(201);
  });

  it('a finished CSV import tells the member who started it how many leads it added', async () => {
    const csv = 'First Name,Last Name,Property Address,Property City,Property State,Property Zip\r\nJane,Doe,1 Main St,Austin,TX,78701\r\nJohn,Roe,2 Oak Ave,Austin,TX,78701\r\n';
    const upload = await t.app.inject({
      method: 'POST', url: '/api/leads/import?filename=list.csv', headers: { origin: ORIGIN, cookie: agent.cookie, 'content-type': 'text/csv' }, payload: csv,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { id, proposed_mapping } = upload.json();
    const start = await t.request('POST', `/api/leads/import/${id}/start`, { cookie: agent.cookie, body: { mapping: proposed_mapping } });
    expect(start.statusCode, start.body).toBe(202);
    await deliveredTo(t.database.db, NOTIFICATION_SUBSCRIBERS.import, 'import.finished', { importId: id });
    expect((await list(agent)).items[0]).toMatchObject({
      kind: 'import.finished', level: 'success', title: 'Import finished: 2 leads added from list.csv', body: null, link: '/leads', read_at: null,
    });
    expect(await titles(owner)).not.toContain('Import finished: 2 leads added from list.csv');
  });

  it('a failed import says why', async () => {
    const importId = await withTenant(t.database.db, owner.organizationId, async (tx) => {
      const row = await tx.insertInto('lead_imports')
        .values({ organization_id: owner.organizationId, filename: 'broken.csv', status: 'failed', failure: 'The file is not valid CSV', created_by: owner.userId, inserted: 3 })
        .returning('id').executeTakeFirstOrThrow();
      await emit(tx, { type: 'import.finished', organizationId: owner.organizationId, importId: row.id });
      return row.id;
    });
    await deliveredTo(t.database.db, NOTIFICATION_SUBSCRIBERS.import, 'import.finished', { importId });
    expect((await list(owner)).items[0]).toMatchObject({
      level: 'error', title: 'Import failed: The file is not valid CSV', body: 'broken.csv: 3 leads added before it stopped.', link: '/leads',
    });
    expect(await titles(agent)).not.toContain('Import failed: The file is not valid CSV');
  });

  it('a finished enrichment batch tells the member who asked for it, with its counts', async () => {
    const batchId = await withTenant(t.database.db, owner.organizationId, async (tx) => {
      const batch = await tx.insertInto('enrichment_batches')
        .values({ organization_id: owner.organizationId, requested_by: owner.userId, priority: 'normal', total: 4, enriched: 2, failed: 1, skipped: 1, finished_at: new Date() })
        .returning('id').executeTakeFirstOrThrow();
      return batch.id;
    });
    await emitEvent({ type: 'enrichment.batch_finished', organizationId: owner.organizationId, batchId, requestedBy: owner.userId });
    await deliveredTo(t.database.db, NOTIFICATION_SUBSCRIBERS.enrichment, 'enrichment.batch_finished', { batchId });
    expect((await list(owner)).items[0]).toMatchObject({
      kind: 'enrichment.batch_finished', level: 'warning', title: 'Enrichment finished', body: '2 leads enriched, 1 lead failed, 1 lead skipped (no data found).', link: '/leads',
    });
    expect(await titles(agent)).not.toContain('Enrichment finished');
  });

  it("an inbound text tells every member, with a link to the lead's thread; not another organization's", async () => {
    const lead = await newLead(owner);
    const received = await t.app.services.conversations.receiveInbound({ messageSid: `SM${crypto.randomBytes(16).toString('hex')}`, from: lead.to, to: FROM, body: 'Is your offer still open?' });
    expect(received.result).toBe('stored');
    const messageId = (received as { message: { id: string } }).message.id;
    await deliveredTo(t.database.db, NOTIFICATION_SUBSCRIBERS.text, 'text.received', { conversationId: messageId });
    const expected = {
      kind: 'text.received', level: 'info', title: `New text from Pat Seller ${leadNumber}`, body: 'Is your offer still open?',
      link: `/communications?tab=conversations&lead=${lead.id}`, read_at: null,
    };
    expect((await list(owner)).items[0]).toMatchObject(expected);
    expect((await list(agent)).items[0]).toMatchObject(expected);
    expect(await titles(other)).toEqual([]);

    // A text already read when its event is delivered (its thread was open) makes none.
    expect((await t.request('POST', `/api/conversations/${lead.id}/read`, { cookie: owner.cookie })).statusCode).toBe(200);
    const before = (await list(owner)).items.length;
    await emitEvent({ type: 'text.received', organizationId: owner.organizationId, conversationId: messageId, leadId: lead.id });
    await poll('the second delivery', async () => (await t.database.db.selectFrom('outbox').select('id').where('delivered_at', 'is', null).execute()).length === 0 || null);
    expect((await list(owner)).items.length).toBe(before);
  });

  it('a follow-up whose time has come tells its creator once, and again only after it is moved to a later time', async () => {
    const lead = await newLead(owner);
    const due = new Date('2099-03-01T15:00:00Z');
    const task = async (values: { created_by: string | null; proposed_time: Date; status?: 'pending' | 'done'; reason?: string }) =>
      withTenant(t.database.db, owner.organizationId, async (tx) =>
        (await tx.insertInto('ai_tasks').values({ organization_id: owner.organizationId, lead_id: lead.id, ...values }).returning('id').executeTakeFirstOrThrow()).id,
      );
    const agentsTask = await task({ created_by: agent.userId, proposed_time: due, reason: 'Callback requested' });
    await task({ created_by: null, proposed_time: due });
    await task({ created_by: agent.userId, proposed_time: due, status: 'done' });
    await task({ created_by: agent.userId, proposed_time: new Date('2099-03-02T15:00:00Z') });

    expect(await notifyDueFollowUps(t.database.db, new Date('2099-03-01T14:59:00Z'))).toBe(0);
    const at = new Date('2099-03-01T15:00:30Z');
    expect(await notifyDueFollowUps(t.database.db, at)).toBe(2);
    expect(await notifyDueFollowUps(t.database.db, at)).toBe(0);
    const title = `Follow-up due: Pat Seller ${leadNumber}`;
    const agents = (await list(agent)).items.filter((n) => n.title === title);
    expect(agents).toHaveLength(2);
    expect(agents.find((n) => n.body === 'Callback requested')).toMatchObject({ kind: 'task.due', link: `/leads/${lead.id}` });
    // The task nobody created reached the owner as well; the creator's only the agent.
    expect((await list(owner)).items.filter((n) => n.title === title)).toHaveLength(1);

    await withTenant(t.database.db, owner.organizationId, (tx) =>
      tx.updateTable('ai_tasks').set({ proposed_time: new Date('2099-03-01T18:00:00Z') }).where('id', '=', agentsTask).execute(),
    );
    expect(await notifyDueFollowUps(t.database.db, new Date('2099-03-01T17:00:00Z'))).toBe(0);
    expect(await notifyDueFollowUps(t.database.db, new Date('2099-03-01T18:00:00Z'))).toBe(1);
    expect((await list(agent)).items.filter((n) => n.title === title)).toHaveLength(3);
  });

  it('the sweep, running every so often, announces a task that comes due while it runs', async () => {
    const lead = await newLead(owner);
    const stop = startFollowUpSweep(t.database.db, t.app.log, 50);
    try {
      // Due a moment after the sweep's first run.
      await withTenant(t.database.db, owner.organizationId, (tx) =>
        tx.insertInto('ai_tasks').values({ organization_id: owner.organizationId, lead_id: lead.id, created_by: owner.userId, proposed_time: new Date(Date.now() + 200) }).execute(),
      );
      await poll('the follow-up notification', async () => (await titles(owner)).includes(`Follow-up due: Pat Seller ${leadNumber}`) || null);
    } finally {
      await stop();
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/calling';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { withSystem } from '../../db/scope';
import { LEAD_PURGE_QUEUE } from '../../jobs/lead-purge';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('deleting and restoring leads on %s', (kind) => {
  const t = useTestApp(kind);
  let owner: Owner;
  let member: Owner;
  let other: Owner;

  beforeAll(async () => {
    owner = await t.createOrg('Restore A');
    member = await t.createOrg('Restore member');
    other = await t.createOrg('Restore B');
    await t.changeSessions(() =>
      t.database.db.updateTable('user_profiles').set({ organization_id: owner.organizationId, role: 'member' }).where('id', '=', member.userId).execute(),
    );
  });

  const newLead = async (name: string) => {
    const res = await t.request('POST', '/api/leads', { cookie: owner.cookie, body: { owner_1_name: name, phone: '5125558801', property_address_state: 'TX', status: 'discovery' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const listed = async (query: string, cookie = owner.cookie) => (await t.request('GET', `/api/leads${query}`, { cookie })).json().items.map((l: { id: string }) => l.id) as string[];
  const ageDeletion = (id: string, days: number) =>
    withSystem(t.database.db, (tx) => tx.updateTable('leads').set({ deleted_at: new Date(Date.now() - days * 86_400_000) }).where('id', '=', id).execute());

  it("lets a member delete a lead, hides it from every read but the deleted filter, and lets only an owner or admin restore it with its status", async () => {
    const lead = await newLead('Restorable Lead');
    const total = (await t.request('GET', '/api/leads/stats', { cookie: owner.cookie })).json().total_leads;
    expect((await t.request('DELETE', `/api/leads/${lead.id}`, { cookie: member.cookie })).statusCode).toBe(204);
    expect((await t.request('DELETE', `/api/leads/${lead.id}`, { cookie: member.cookie })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/leads/${lead.id}`, { cookie: owner.cookie })).statusCode).toBe(404);
    expect(await listed('')).not.toContain(lead.id);
    expect(await listed('?search=Restorable')).toEqual([]);
    expect((await t.request('GET', '/api/leads/stats', { cookie: owner.cookie })).json().total_leads).toBe(total - 1);
    expect(await listed('?deleted=true')).toEqual([lead.id]);
    expect(await listed('?deleted=true', other.cookie)).toEqual([]);
    const row = await withSystem(t.database.db, (tx) => tx.selectFrom('leads').select(['deleted_by', 'status_before_delete']).where('id', '=', lead.id).executeTakeFirstOrThrow());
    expect(row).toEqual({ deleted_by: member.userId, status_before_delete: 'discovery' });

    expect((await t.request('POST', `/api/leads/${lead.id}/restore`, { cookie: member.cookie })).statusCode).toBe(403);
    expect((await t.request('POST', `/api/leads/${lead.id}/restore`, { cookie: other.cookie })).statusCode).toBe(404);
    const restored = await t.request('POST', `/api/leads/${lead.id}/restore`, { cookie: owner.cookie });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: lead.id, status: 'discovery', owner_1_name: 'Restorable Lead' });
    expect(await listed('?search=Restorable')).toEqual([lead.id]);
    expect(await listed('?deleted=true')).toEqual([]);
    expect((await t.request('POST', `/api/leads/${lead.id}/restore`, { cookie: owner.cookie })).statusCode).toBe(404);
  });

  it('refuses to restore after 30 days (404) and the purge job removes such leads, leaving younger deletions', async () => {
    const old = await newLead('Old Deletion');
    const young = await newLead('Young Deletion');
    for (const lead of [old, young]) expect((await t.request('DELETE', `/api/leads/${lead.id}`, { cookie: owner.cookie })).statusCode).toBe(204);
    await ageDeletion(old.id, 31);
    await ageDeletion(young.id, 29);
    const late = await t.request('POST', `/api/leads/${old.id}/restore`, { cookie: owner.cookie });
    expect(late.statusCode).toBe(404);
    expect(late.json().error.message).toBe('No deleted lead with this id from the last 30 days');
    expect(await listed('?deleted=true')).toEqual([young.id]);

    await t.app.services.jobs.send(LEAD_PURGE_QUEUE, {});
    const exists = (id: string) => withSystem(t.database.db, (tx) => tx.selectFrom('leads').select('id').where('id', '=', id).executeTakeFirst());
    await waitFor(() => exists(old.id), (row) => row === undefined, 'the purge job to remove the old deletion');
    expect(await exists(young.id)).toEqual({ id: young.id });
  });
});

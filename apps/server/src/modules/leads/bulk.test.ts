import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_LEADS_MAX, LEAD_MESSAGES } from '@wholesail/domain';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;
type LeadState = { status: string; badges: string[]; version: number };

describe.each(DB_KINDS)('lead edits and bulk changes on %s', (kind) => {
  const t = useTestApp(kind);
  let owner: Owner;
  let member: Owner;
  let other: Owner;

  const create = async (who: Owner, body: Record<string, unknown>): Promise<string> => {
    const res = await t.request('POST', '/api/leads', { cookie: who.cookie, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };
  const read = async (who: Owner, id: string): Promise<LeadState> => {
    const res = await t.request('GET', `/api/leads/${id}`, { cookie: who.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const { status, badges, version } = res.json();
    return { status, badges, version };
  };
  const bulk = (who: Owner, body: unknown) => t.request('POST', '/api/leads/bulk', { cookie: who.cookie, body });

  beforeAll(async () => {
    owner = await t.createOrg('Bulk A');
    member = await t.createOrg('Bulk A member');
    other = await t.createOrg('Bulk B');
    await t.changeSessions(() =>
      t.database.db.updateTable('user_profiles').set({ organization_id: owner.organizationId, role: 'member' }).where('id', '=', member.userId).execute(),
    );
  });

  it('changes status and tags of the chosen leads in one go, for a member, counting the version once per changed lead', async () => {
    const first = await create(owner, { owner_1_name: 'First', status: 'new', badges: ['vacant', 'probate'] });
    const second = await create(owner, { owner_1_name: 'Second', status: 'discovery', badges: ['absentee'] });
    const untouched = await create(owner, { owner_1_name: 'Not chosen', status: 'new', badges: ['vacant'] });
    const res = await bulk(member, { ids: [first, second], status: 'add-to-followup', add_tags: ['Hot', 'absentee'], remove_tags: [' VACANT '] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2, skipped: 0 });
    expect(await read(owner, first)).toEqual({ status: 'add-to-followup', badges: ['probate', 'hot', 'absentee'], version: 2 });
    expect(await read(owner, second)).toEqual({ status: 'add-to-followup', badges: ['absentee', 'hot'], version: 2 });
    expect(await read(owner, untouched)).toEqual({ status: 'new', badges: ['vacant'], version: 1 });
  });

  it('skips leads already so, deleted leads, unknown ids and another organization’s leads, which stay untouched', async () => {
    const done = await create(owner, { owner_1_name: 'Already', status: 'discovery', badges: ['hot'] });
    const open = await create(owner, { owner_1_name: 'Open', status: 'new' });
    const gone = await create(owner, { owner_1_name: 'Gone', status: 'new' });
    expect((await t.request('DELETE', `/api/leads/${gone}`, { cookie: owner.cookie })).statusCode).toBe(204);
    const theirs = await create(other, { owner_1_name: 'Theirs', status: 'new', badges: [] });
    const ids = [done, open, gone, theirs, crypto.randomUUID(), open];
    const res = await bulk(owner, { ids, status: 'discovery', add_tags: ['hot'] });
    expect(res.json()).toEqual({ updated: 1, skipped: 4 });
    expect(await read(owner, done)).toEqual({ status: 'discovery', badges: ['hot'], version: 1 });
    expect(await read(owner, open)).toEqual({ status: 'discovery', badges: ['hot'], version: 2 });
    expect(await read(other, theirs)).toEqual({ status: 'new', badges: [], version: 1 });
    const stored = await t.database.db.selectFrom('leads').select('status').where('id', '=', gone).executeTakeFirstOrThrow();
    expect(stored.status).toBe('deleted');
  });

  it('answers 400 naming the problem for no change, no ids, too many ids, a bad id or a status it may not set', async () => {
    const id = await create(owner, { owner_1_name: 'Checked' });
    const tooMany = Array.from({ length: BULK_LEADS_MAX + 1 }, () => crypto.randomUUID());
    const cases: Array<[unknown, string]> = [
      [{ ids: [id] }, `body: ${LEAD_MESSAGES.bulkNoChange}`],
      [{ ids: [id], add_tags: [], remove_tags: [] }, `body: ${LEAD_MESSAGES.bulkNoChange}`],
      [{ ids: [], status: 'new' }, `ids: ${LEAD_MESSAGES.bulkNoIds}`],
      [{ ids: tooMany, status: 'new' }, `ids: ${LEAD_MESSAGES.bulkTooMany}`],
      [{ ids: ['nope'], status: 'new' }, 'ids.0: expected a lead id'],
      [{ ids: [id], status: 'deleted' }, 'status: '],
      [{ ids: [id], add_tags: [' '] }, 'add_tags.0: must not hold an empty tag'],
    ];
    for (const [body, message] of cases) {
      const res = await bulk(owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await read(owner, id)).toMatchObject({ version: 1 });
  });

  it('PATCH with the version seen saves and counts it; with an older version answers 409 LEAD_CHANGED and writes nothing', async () => {
    const id = await create(owner, { owner_1_name: 'Versioned', notes: 'first' });
    const saved = await t.request('PATCH', `/api/leads/${id}`, { cookie: member.cookie, body: { notes: 'by the member', version: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ notes: 'by the member', version: 2 });
    const stale = await t.request('PATCH', `/api/leads/${id}`, { cookie: owner.cookie, body: { notes: 'by the owner', version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({ code: 'LEAD_CHANGED', message: LEAD_MESSAGES.leadChanged });
    const after = await t.request('GET', `/api/leads/${id}`, { cookie: owner.cookie });
    expect(after.json()).toMatchObject({ notes: 'by the member', version: 2 });
    const overwrite = await t.request('PATCH', `/api/leads/${id}`, { cookie: owner.cookie, body: { notes: 'by the owner', version: 2 } });
    expect(overwrite.json()).toMatchObject({ notes: 'by the owner', version: 3 });
    const bad = await t.request('PATCH', `/api/leads/${id}`, { cookie: owner.cookie, body: { notes: 'x', version: 'two' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(`version: ${LEAD_MESSAGES.versionInvalid}`);
  });
});

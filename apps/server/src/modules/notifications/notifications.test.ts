import { beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification, NotificationList } from '@wholesail/domain';
import { withTenant } from '../../db/scope';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { addMember, type SignedInMember as Member } from '../../../test/members';
import { notify, type NewNotification } from './service';

describe.each(DB_KINDS)('notifications on %s', (kind) => {
  const t = useTestApp(kind);
  let owner: Member;
  let agent: Member;
  let other: Member;

  const create = (n: Omit<NewNotification, 'kind' | 'level'> & Partial<NewNotification>) =>
    withTenant(t.database.db, n.organizationId, (tx) => notify(tx, { kind: 'general', level: 'info', ...n }));
  const list = async (who: Member, query = ''): Promise<NotificationList> => {
    const res = await t.request('GET', `/api/notifications${query}`, { cookie: who.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const read = (who: Member, id: string) => t.request('POST', `/api/notifications/${id}/read`, { cookie: who.cookie });
  const titles = (l: NotificationList) => l.items.map((n) => n.title);

  beforeAll(async () => {
    const a = await t.createOrg('Bell A');
    const b = await t.createOrg('Bell B');
    owner = a;
    other = b;
    agent = await addMember(t, a.organizationId, 'agent-bell@example.com');
  });

  it('answers 401 without a session', async () => {
    expect((await t.request('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/notifications/read-all')).statusCode).toBe(401);
  });

  it('gives each member their own copy of an organization-wide notification, newest first with the unread count', async () => {
    expect(await create({ organizationId: owner.organizationId, userId: null, title: 'Everyone 1', body: 'for all', link: '/leads' })).toBe(2);
    expect(await create({ organizationId: owner.organizationId, userId: owner.userId, title: 'Owner only' })).toBe(1);
    expect(await create({ organizationId: owner.organizationId, userId: null, title: 'Everyone 2', level: 'warning' })).toBe(2);
    expect(await create({ organizationId: other.organizationId, userId: null, title: 'Other org' })).toBe(1);

    const mine = await list(owner);
    expect(titles(mine)).toEqual(['Everyone 2', 'Owner only', 'Everyone 1']);
    expect(mine.unread_count).toBe(3);
    expect(mine.has_more).toBe(false);
    expect(mine.items[2]).toEqual({
      id: expect.any(String), kind: 'general', level: 'info', title: 'Everyone 1', body: 'for all', link: '/leads', read_at: null, created_at: expect.any(String),
    } satisfies Record<keyof AppNotification, unknown>);
    expect(mine.items[0]!.level).toBe('warning');
    expect(titles(await list(agent))).toEqual(['Everyone 2', 'Everyone 1']);
    expect(titles(await list(other))).toEqual(['Other org']);
  });

  it('a member who is not in the organization gets nothing', async () => {
    expect(await create({ organizationId: owner.organizationId, userId: other.userId, title: 'Misaddressed' })).toBe(0);
    expect(titles(await list(other))).not.toContain('Misaddressed');
  });

  it('marks one read for its member only; the others keep theirs unread', async () => {
    const everyone1 = (await list(owner)).items.find((n) => n.title === 'Everyone 1')!;
    const res = await read(owner, everyone1.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: everyone1.id, read_at: expect.any(String) });
    const firstRead = res.json().read_at;
    // Reading it again keeps the first reading's time.
    expect((await read(owner, everyone1.id)).json().read_at).toBe(firstRead);

    expect((await list(owner)).unread_count).toBe(2);
    expect(titles(await list(owner, '?unread=true'))).toEqual(['Everyone 2', 'Owner only']);
    expect(titles(await list(owner, '?unread=false'))).toEqual(['Everyone 1']);
    const agents = await list(agent, '?unread=true');
    expect(titles(agents)).toEqual(['Everyone 2', 'Everyone 1']);
    expect(agents.unread_count).toBe(2);
  });

  it("answers 404 for another member's or another organization's notification, and changes nothing", async () => {
    const agentsOwn = (await list(agent)).items[0]!;
    const otherOrgs = (await list(other)).items[0]!;
    for (const [who, id] of [[owner, agentsOwn.id], [owner, otherOrgs.id], [other, agentsOwn.id], [agent, crypto.randomUUID()]] as const) {
      const res = await read(who, id);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe('Notification not found');
    }
    expect((await list(agent)).items[0]!.read_at).toBeNull();
    expect((await list(other)).items[0]!.read_at).toBeNull();
  });

  it('marks all of the member\'s own read, not the other members\'', async () => {
    const res = await t.request('POST', '/api/notifications/read-all', { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marked: 2, unread_count: 0 });
    expect((await list(owner, '?unread=true')).items).toEqual([]);
    expect((await list(agent)).unread_count).toBe(2);
    expect((await list(other)).unread_count).toBe(1);
  });

  it('pages with limit and offset', async () => {
    for (let i = 0; i < 3; i++) await create({ organizationId: other.organizationId, userId: other.userId, title: `Page ${i}` });
    const first = await list(other, '?limit=2');
    expect(titles(first)).toEqual(['Page 2', 'Page 1']);
    expect(first.has_more).toBe(true);
    const second = await list(other, '?limit=2&offset=2');
    expect(titles(second)).toEqual(['Page 0', 'Other org']);
    expect(second.has_more).toBe(false);
    expect(second.unread_count).toBe(4);
  });

  it('answers 400 naming the problem for a bad query or id', async () => {
    const bad = async (url: string, message: RegExp, method: 'GET' | 'POST' = 'GET') => {
      const res = await t.request(method, url, { cookie: owner.cookie });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(message);
    };
    await bad('/api/notifications?unread=maybe', /unread must be true or false/);
    await bad('/api/notifications?limit=0', /limit: must be 1 or more/);
    await bad('/api/notifications?limit=500', /limit: must be at most 100/);
    await bad('/api/notifications?offset=-1', /offset must be 0 or more/);
    await bad('/api/notifications?colour=red', /colour/);
    await bad('/api/notifications/not-an-id/read', /expected a notification id/, 'POST');
  });
});

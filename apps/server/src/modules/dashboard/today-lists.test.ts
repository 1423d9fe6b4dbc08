import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem, withTenant } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { fixtureLead, insertCalls } from '../analytics/analytics.fixture';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

/**
 * ai_tasks.today_list (migration 0040) after every kind of write that moves it, against the definition written
 * again in plain SQL: a pending task of a live lead is a deadline when it is a deal's, a callback when its call asked
 * for one and the lead was not called after that call, else a follow-up; anything else is on no list.
 */
describe.each(DB_KINDS)('Today’s lists kept on the tasks on %s', (kind) => {
  const t = useTestApp(kind);
  const { ok } = memberApi(t);
  let a: Org;
  let ana: string;

  beforeAll(async () => {
    a = await t.createOrg('Lists A');
    ana = await fixtureLead(t, a, 'Ana Lists', '5125550141');
  }, 60_000);

  const tenant = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database.db, a.organizationId, fn);

  /** Every task's list as stored, and as the definition computes it from the rows now. */
  const lists = () =>
    withSystem(t.database.db, async (tx) => {
      const { rows } = await sql<{ id: string; stored: string | null; expected: string | null }>`
        select t.id, t.today_list as stored,
          case when t.status = 'pending' and l.status <> 'deleted' then
            case when t.task_type = 'deal_deadline' then 'deadline'
            when c.disposition = 'callback_requested'
              then case when (select max(x.started_at) from calls x where x.organization_id = t.organization_id and x.lead_id = t.lead_id) > c.started_at then null else 'callback' end
              else 'follow_up' end
          end as expected
        from ai_tasks t join leads l on l.organization_id = t.organization_id and l.id = t.lead_id
        left join calls c on c.organization_id = t.organization_id and c.id = t.call_id
        where t.organization_id = ${a.organizationId}`.execute(tx);
      for (const r of rows) expect(r.stored, `task ${r.id}`).toBe(r.expected);
      return Object.fromEntries(rows.map((r) => [r.id, r.stored]));
    });

  const task = (values: { call?: string | null; type?: 'follow_up' | 'deal_deadline'; deal?: string }) =>
    tenant(async (tx) =>
      (await tx.insertInto('ai_tasks').values({
        organization_id: a.organizationId, lead_id: ana, call_id: values.call ?? null, deal_id: values.deal ?? null, task_type: values.type ?? 'follow_up',
        proposed_time: new Date('2026-04-15T18:00:00Z'),
      }).returning('id').executeTakeFirstOrThrow()).id,
    );

  it('follows the task, the lead’s calls and the lead’s deletion', async () => {
    const [asked] = await insertCalls(t, a.organizationId, ana, [{ user: a.userId, at: '2026-04-14T15:00:00Z', answered: true, duration: 30, outcome: 'callback_requested' }]);
    const callback = await task({ call: asked });
    const plain = await task({});
    expect(await lists()).toEqual({ [callback]: 'callback', [plain]: 'follow_up' });

    // A later call makes the callback; deleting it undoes that. An earlier call does not count.
    const [later] = await insertCalls(t, a.organizationId, ana, [{ user: a.userId, at: '2026-04-15T14:00:00Z' }]);
    expect((await lists())[callback]).toBeNull();
    await tenant((tx) => tx.deleteFrom('calls').where('organization_id', '=', a.organizationId).where('id', '=', later!).execute());
    await insertCalls(t, a.organizationId, ana, [{ user: a.userId, at: '2026-04-13T15:00:00Z' }]);
    expect((await lists())[callback]).toBe('callback');

    // The call's outcome changed, and back.
    const outcome = (disposition: string) =>
      tenant((tx) => tx.updateTable('calls').set({ disposition }).where('organization_id', '=', a.organizationId).where('id', '=', asked!).execute());
    await outcome('interested');
    expect((await lists())[callback]).toBe('follow_up');
    await outcome('callback_requested');
    expect((await lists())[callback]).toBe('callback');

    // The lead deleted and restored; a task done and reopened.
    await ok(a, 'DELETE', `/api/leads/${ana}`, undefined, 204);
    expect(await lists()).toEqual({ [callback]: null, [plain]: null });
    await ok(a, 'POST', `/api/leads/${ana}/restore`);
    expect(await lists()).toEqual({ [callback]: 'callback', [plain]: 'follow_up' });
    await ok(a, 'PATCH', `/api/tasks/${plain}`, { status: 'done' });
    expect((await lists())[plain]).toBeNull();
    await ok(a, 'PATCH', `/api/tasks/${plain}`, { status: 'pending' });
    expect((await lists())[plain]).toBe('follow_up');

    // The asking call deleted: the task keeps no call and is a plain follow-up. A deal's deadline has its own list.
    await tenant((tx) => tx.deleteFrom('calls').where('organization_id', '=', a.organizationId).where('id', '=', asked!).execute());
    expect((await lists())[callback]).toBe('follow_up');
    const deal = await ok(a, 'POST', '/api/deals', { lead_id: ana }, 201);
    const deadline = await task({ type: 'deal_deadline', deal: deal.id });
    expect((await lists())[deadline]).toBe('deadline');
    await ok(a, 'PATCH', `/api/tasks/${deadline}`, { status: 'done' });
    expect((await lists())[deadline]).toBeNull();
  });

  it('lets a lead go with its calls and tasks in one cascade', async () => {
    const bo = await fixtureLead(t, a, 'Bo Gone', '5125550142');
    const [asked] = await insertCalls(t, a.organizationId, bo, [{ user: a.userId, at: '2026-04-14T15:00:00Z', answered: true, outcome: 'callback_requested' }]);
    await tenant((tx) =>
      tx.insertInto('ai_tasks').values({ organization_id: a.organizationId, lead_id: bo, call_id: asked, task_type: 'follow_up', proposed_time: new Date('2026-04-15T18:00:00Z') }).execute(),
    );
    await tenant((tx) => tx.deleteFrom('leads').where('organization_id', '=', a.organizationId).where('id', '=', bo).execute());
    const left = await withSystem(t.database.db, (tx) => tx.selectFrom('ai_tasks').select('id').where('lead_id', '=', bo).execute());
    expect(left).toEqual([]);
    await lists();
  });
});

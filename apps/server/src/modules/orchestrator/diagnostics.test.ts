import type { Diagnostics } from '@wholesail/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { newCallingLead } from '../../../test/calling';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { addMember, type SignedInMember } from '../../../test/members';
import { poll } from '../../../test/poll';
import { withSystem } from '../../db/scope';
import { AI_QUEUES } from '../ai-jobs/types';
import { OUTBOX_RETRY_QUEUE } from '../outbox/delivery';
import { JOB_ACTIONS } from './job-actions';
import { idleQueue, insertJob, jobState, type Org } from './orchestrator.fixtures';

const IDLE = 'orchestrator.idle';

describe.each(DB_KINDS)('the orchestrator diagnostics and job actions on %s', (kind) => {
  const t = useTestApp(kind);
  const { call, ok } = memberApi(t);
  let a: Org;
  let b: Org;
  let member: SignedInMember;
  let leadA: { id: string };
  let leadB: { id: string };

  const diagnostics = async (who: { cookie: string }): Promise<Diagnostics> => ok(who, 'GET', '/api/orchestrator/diagnostics');
  const queue = (d: Diagnostics, name: string) => d.queues.find((q) => q.name === name)!;
  const failedJob = (org: Org, lead: { id: string }, message: string, key?: string) =>
    insertJob(t, { name: AI_QUEUES.score, state: 'failed', retryCount: 5, key, data: { organizationId: org.organizationId, leadId: lead.id, requestedAt: '2020-01-01T00:00:00Z', trigger: 'auto' }, output: { message } });
  const audits = (org: Org, action: string, id: string) =>
    withSystem(t.database.db, (tx) =>
      tx.selectFrom('activity_logs').select(['actor_id', 'details']).where('organization_id', '=', org.organizationId).where('action', '=', action).where('entity_id', '=', id).execute(),
    );

  beforeAll(async () => {
    a = await t.createOrg('Diagnostics A');
    b = await t.createOrg('Diagnostics B');
    member = await addMember(t, a.organizationId, `member-${Date.now()}@example.com`);
    for (const org of [a, b]) await ok(org, 'PUT', '/api/organization/settings', { aiIntegration: { enableAutoEnrichment: false, enableSmartScoring: false, enableConversationAnalysis: false } });
    leadA = await newCallingLead(t, a.cookie, 1, { owner_1_name: 'Ann Failing' }, '74');
    leadB = await newCallingLead(t, b.cookie, 2, { owner_1_name: 'Ben Failing' }, '74');
    await idleQueue(t, IDLE);
  });

  it('shows this server’s workers alive and its LISTEN subscriptions listening, with since when', async () => {
    const d = await diagnostics(member);
    expect(d.can_manage_jobs).toBe(false);
    expect((await diagnostics(a)).can_manage_jobs).toBe(true);
    expect(d.workers.heartbeat_seconds).toBe(t.config.WHOLESAIL_JOB_HEARTBEAT_SECONDS);
    expect(d.workers.alive_within_seconds).toBe(t.config.WHOLESAIL_JOB_HEARTBEAT_SECONDS * 3);
    expect(d.workers.items.length).toBeGreaterThan(0);
    expect(d.workers.items.every((w) => w.alive)).toBe(true);
    expect(d.listen.map((l) => l.channel).sort()).toEqual(['wholesail_changes', 'wholesail_outbox', 'wholesail_sessions']);
    for (const l of d.listen) {
      expect(l).toMatchObject({ listening: true, purpose: expect.stringMatching(/\.$/) });
      expect(Date.parse(l.since)).toBeLessThanOrEqual(Date.now());
    }
  });

  it.runIf(kind === 'postgres')('reports a LISTEN connection that was lost as listening again only once it is back, since then', async () => {
    const before = new Date();
    const { rows } = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and query = ${'LISTEN "wholesail_outbox"'}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(1);
    const back = await poll('the LISTEN connection to come back', async () => {
      const entry = (await diagnostics(a)).listen.find((l) => l.channel === 'wholesail_outbox')!;
      return entry.listening && Date.parse(entry.since) >= before.getTime() ? entry : null;
    });
    expect(back.listening).toBe(true);
  });

  it('counts a worker that stopped beating as not alive', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    await t.database.db.insertInto('job_workers').values({ instance_id: id, started_at: new Date(Date.now() - 3_600_000), seen_at: new Date(Date.now() - 600_000) }).execute();
    const worker = (await diagnostics(a)).workers.items.find((w) => w.id === id);
    expect(worker).toMatchObject({ alive: false, running: 0 });
    await t.database.db.deleteFrom('job_workers').where('instance_id', '=', id).execute();
  });

  it('moves its figures when a job waits, is held for later or fails; the queue-wide figures are everyone’s, the failures only the organization’s', async () => {
    const before = await diagnostics(a);
    const beforeB = await diagnostics(b);
    await insertJob(t, { name: IDLE, state: 'created', startAfter: new Date(Date.now() - 300_000), data: { organizationId: a.organizationId } });
    await t.app.services.jobs.send(AI_QUEUES.score, { organizationId: a.organizationId, leadId: leadA.id, requestedAt: new Date().toISOString(), trigger: 'auto' }, { startAfter: new Date(Date.now() + 86_400_000) });
    const failed = await failedJob(a, leadA, 'Scoring broke for A');
    const after = await diagnostics(a);
    expect(queue(after, IDLE)).toMatchObject({ label: IDLE, waiting: 1, organization: { waiting: 1 } });
    expect(queue(after, IDLE).oldest_waiting_seconds).toBeGreaterThanOrEqual(290);
    const score = queue(after, AI_QUEUES.score);
    expect(score.label).toBe('AI scoring');
    expect(score.scheduled).toBe(queue(before, AI_QUEUES.score).scheduled + 1);
    expect(score.organization.scheduled).toBe(queue(before, AI_QUEUES.score).organization.scheduled + 1);
    expect(score.failed).toBe(queue(before, AI_QUEUES.score).failed + 1);
    expect(after.failures_total).toBe(before.failures_total + 1);
    expect(after.failures[0]).toEqual({
      id: failed, queue: AI_QUEUES.score, label: 'AI scoring', failed_at: expect.any(String), attempts: 6, error: 'Scoring broke for A', lead: { id: leadA.id, name: 'Ann Failing' },
    });
    // B sees the shared queue grow, but none of A's jobs, ids or errors.
    const seenByB = await diagnostics(b);
    expect(queue(seenByB, AI_QUEUES.score).failed).toBe(score.failed);
    expect(queue(seenByB, AI_QUEUES.score).organization).toEqual(queue(beforeB, AI_QUEUES.score).organization);
    expect(queue(seenByB, IDLE).organization.waiting).toBe(0);
    expect(seenByB.failures_total).toBe(beforeB.failures_total);
    const text = JSON.stringify(seenByB);
    for (const secret of [failed, leadA.id, a.organizationId, 'Scoring broke for A', 'Ann Failing']) expect(text).not.toContain(secret);
  });

  it('counts a failed job of no organization without showing it', async () => {
    const before = await diagnostics(a);
    const id = await insertJob(t, { name: OUTBOX_RETRY_QUEUE, state: 'failed', data: {}, output: { message: 'a delivery broke' } });
    const after = await diagnostics(a);
    expect(after.system_failures).toBe(before.system_failures + 1);
    expect(JSON.stringify(after.failures)).not.toContain(id);
  });

  it('lists the organization’s event deliveries that failed, with their error', async () => {
    const eventId = await withSystem(t.database.db, async (tx) => {
      const event = await tx.insertInto('outbox').values({ organization_id: a.organizationId, type: 'diagnostics.probe', payload: '{}' }).returning('id').executeTakeFirstOrThrow();
      await tx.insertInto('outbox_deliveries').values({ event_id: event.id, subscriber: 'probe.subscriber', organization_id: a.organizationId, attempts: 10, last_error: 'probe failed', gave_up_at: new Date() }).execute();
      return String(event.id);
    });
    const d = await diagnostics(a);
    expect(d.outbox.failures).toContainEqual(expect.objectContaining({ event_id: eventId, event_type: 'diagnostics.probe', subscriber: 'probe.subscriber', attempts: 10, error: 'probe failed', gave_up: true, next_attempt_at: null }));
    expect(d.outbox.pending).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify((await diagnostics(b)).outbox)).not.toContain('probe failed');
  });

  it('retries a failed job of the organization for an owner, once, and audits it', async () => {
    const id = await failedJob(a, leadA, 'retry me');
    const limit = (await jobState(t, id))!.retry_limit;
    expect(await ok(a, 'POST', `/api/orchestrator/jobs/${id}/retry`)).toEqual({ id, queue: AI_QUEUES.score, state: 'retrying' });
    const now = (await jobState(t, id))!;
    expect(now.state).not.toBe('failed');
    expect(now.retry_limit).toBe(limit + 1);
    expect(await audits(a, JOB_ACTIONS.retry, id)).toEqual([{ actor_id: a.userId, details: expect.objectContaining({ queue: AI_QUEUES.score, error: 'retry me' }) }]);
    const again = await call(a, 'POST', `/api/orchestrator/jobs/${id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'JOB_NOT_FAILED', message: expect.stringMatching(/^Only a failed job can be retried or discarded/) });
  });

  it('discards a failed job for an owner and audits it', async () => {
    const id = await failedJob(a, leadA, 'discard me');
    expect(await ok(a, 'POST', `/api/orchestrator/jobs/${id}/discard`)).toEqual({ id, queue: AI_QUEUES.score, state: 'discarded' });
    expect(await jobState(t, id)).toBeNull();
    expect(await audits(a, JOB_ACTIONS.discard, id)).toHaveLength(1);
    expect((await call(a, 'POST', `/api/orchestrator/jobs/${id}/discard`)).status).toBe(404);
  });

  it('refuses a retry that would make a second job of the same work wait', async () => {
    const key = `lead:${leadA.id}:stately`;
    await insertJob(t, { name: AI_QUEUES.score, state: 'retry', key, startAfter: new Date(Date.now() + 86_400_000), data: { organizationId: a.organizationId, leadId: leadA.id } });
    const id = await failedJob(a, leadA, 'twin', key);
    const res = await call(a, 'POST', `/api/orchestrator/jobs/${id}/retry`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('JOB_ALREADY_WAITING');
    expect((await jobState(t, id))!.state).toBe('failed');
  });

  it('lets only owners and admins act, and only on their organization’s failed jobs', async () => {
    const mine = await failedJob(a, leadA, 'members may not');
    const theirs = await failedJob(b, leadB, 'not yours');
    for (const action of ['retry', 'discard']) {
      const asMember = await call(member, 'POST', `/api/orchestrator/jobs/${mine}/${action}`);
      expect(asMember.status).toBe(403);
      const cross = await call(a, 'POST', `/api/orchestrator/jobs/${theirs}/${action}`);
      expect(cross.status).toBe(404);
      expect(cross.body.error.message).toBe('Job not found');
      expect((await call(a, 'POST', `/api/orchestrator/jobs/00000000-0000-4000-8000-00000000abcd/${action}`)).status).toBe(404);
      const bad = await call(a, 'POST', `/api/orchestrator/jobs/not-a-job/${action}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^id: expected a job id/);
    }
    expect((await jobState(t, mine))!.state).toBe('failed');
    expect((await jobState(t, theirs))!.state).toBe('failed');
    const completed = await insertJob(t, { name: AI_QUEUES.score, state: 'completed', data: { organizationId: a.organizationId, leadId: leadA.id }, output: { result: 'scored' } });
    expect((await call(a, 'POST', `/api/orchestrator/jobs/${completed}/retry`)).body.error.message).toBe('Only a failed job can be retried or discarded; this one is finished.');
  });
});

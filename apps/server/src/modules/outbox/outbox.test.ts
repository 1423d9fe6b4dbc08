import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@wholesail/domain';
import { withSystem, withTenant, type Tx } from '../../db/scope';
import { startJobs, type JobQueue } from '../../jobs';
import { localStorage } from '../../providers/storage/local';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../../test/harness';
import { poll } from '../../../test/poll';
import { EventOutbox } from './delivery';
import { emit } from './emit';

const log = pino({ level: process.env.OUTBOX_LOG ?? 'silent' });

/** What a subscriber was handed, and a way to wait until it has been handed `n` events. */
function recorder<T>() {
  const seen: T[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  return {
    seen,
    push(value: T) {
      seen.push(value);
      for (const w of waiters.filter((x) => seen.length >= x.n)) w.resolve();
    },
    count(n: number): Promise<void> {
      return seen.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }));
    },
  };
}

const newOrg = (tdb: TestDatabase, name: string) =>
  withSystem(tdb.database.db, async (tx) => (await tx.insertInto('organizations').values({ name }).returning('id').executeTakeFirstOrThrow()).id);

describe.each(DB_KINDS)('the event outbox on %s', (kind) => {
  let tdb: TestDatabase;
  let jobs: JobQueue;
  let outbox: EventOutbox;
  let orgA: string;
  let orgB: string;
  const tenant = <T>(org: string, fn: (tx: Tx) => Promise<T>) => withTenant(tdb.database.db, org, fn);

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    // Retries due at once: a failed delivery is tried again by the next pass without a wait.
    outbox = new EventOutbox({ db: tdb.database.db, log, retryBaseMs: 0 });
    // No import runs here: the storage is never written.
    jobs = await startJobs(tdb.database, log, localStorage(path.join(os.tmpdir(), 'wholesail-outbox-test')), { outbox });
    orgA = await newOrg(tdb, 'Outbox A');
    orgB = await newOrg(tdb, 'Outbox B');
  });
  afterAll(async () => {
    await jobs?.stop();
    await tdb?.drop();
  });

  it('never delivers an event whose transaction rolled back, and delivers the one committed after it', async () => {
    const got = recorder<string>();
    outbox.subscribe('lead.deleted', 'test.rollback', async (event) => got.push(event.leadId));
    await expect(
      tenant(orgA, async (tx) => {
        await emit(tx, { type: 'lead.deleted', organizationId: orgA, leadId: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await tenant(orgA, (tx) => emit(tx, { type: 'lead.deleted', organizationId: orgA, leadId: 'committed' }));
    // Events go out in order, so once the later one arrived the earlier one would have.
    await got.count(1);
    expect(got.seen).toEqual(['committed']);
  });

  it('retries a failing subscriber while another has the event once, and never hands a delivered event again', async () => {
    const flaky = recorder<string>();
    const steady = recorder<string>();
    outbox.subscribe('task.created', 'test.flaky', async (event, tx) => {
      // Its write in the failed attempt is rolled back with its delivery record.
      await sql`select set_config('app.flaky_wrote', 'yes', true)`.execute(tx);
      flaky.push(event.taskId);
      if (flaky.seen.length === 1) throw new Error('the subscriber failed');
    });
    outbox.subscribe('task.created', 'test.steady', async (event) => steady.push(event.taskId));
    await tenant(orgA, (tx) => emit(tx, { type: 'task.created', organizationId: orgA, taskId: 't1', leadId: 'l1', callId: null }));
    await flaky.count(2);
    await steady.count(1);
    expect(flaky.seen).toEqual(['t1', 't1']);
    // A handler runs inside its delivery's transaction: the record is written when that commits, just after.
    const records = await poll('both deliveries committed', async () => {
      const rows = await withSystem(tdb.database.db, (tx) =>
        tx.selectFrom('outbox_deliveries').select(['subscriber', 'attempts', 'delivered_at', 'last_error']).where('subscriber', 'in', ['test.flaky', 'test.steady']).orderBy('subscriber').execute(),
      );
      return rows.length === 2 && rows.every((r) => r.delivered_at) ? rows : null;
    });
    expect(records).toEqual([
      { subscriber: 'test.flaky', attempts: 2, delivered_at: expect.any(Date), last_error: 'the subscriber failed' },
      { subscriber: 'test.steady', attempts: 1, delivered_at: expect.any(Date), last_error: null },
    ]);
    // Another pass (as a second instance's job would run) hands nothing again.
    await outbox.deliver();
    expect(flaky.seen).toEqual(['t1', 't1']);
    expect(steady.seen).toEqual(['t1']);
  });

  it('hands events over in the order they were stored, keeping the order across a retry', async () => {
    const got = recorder<string>();
    const failedOnce = new Set<string>();
    outbox.subscribe('lead.updated', 'test.order', async (event) => {
      got.push(event.leadId);
      if (event.leadId === 'u2' && !failedOnce.has('u2')) {
        failedOnce.add('u2');
        throw new Error('once');
      }
    });
    await tenant(orgA, async (tx) => {
      for (const id of ['u1', 'u2', 'u3']) await emit(tx, { type: 'lead.updated', organizationId: orgA, leadId: id, fields: ['status'] });
    });
    await tenant(orgA, (tx) => emit(tx, { type: 'lead.updated', organizationId: orgA, leadId: 'u4', fields: ['status'] }));
    await got.count(5);
    // u3 and u4 wait behind u2's retry.
    expect(got.seen).toEqual(['u1', 'u2', 'u2', 'u3', 'u4']);
  });

  it("hands each event to its own organization's transaction only", async () => {
    const got = recorder<{ event: DomainEvent; setting: string; visible: string[] }>();
    outbox.subscribe('text.received', 'test.tenant', async (event, tx) => {
      const r = await sql<{ setting: string }>`select current_setting('app.organization_id') as setting`.execute(tx);
      const visible = await tx.selectFrom('outbox').select('organization_id').distinct().execute();
      got.push({ event, setting: r.rows[0]!.setting, visible: visible.map((v) => v.organization_id) });
    });
    await tenant(orgA, (tx) => emit(tx, { type: 'text.received', organizationId: orgA, conversationId: 'a-text', leadId: 'a-lead' }));
    await tenant(orgB, (tx) => emit(tx, { type: 'text.received', organizationId: orgB, conversationId: 'b-text', leadId: 'b-lead' }));
    await got.count(2);
    const byText = Object.fromEntries(got.seen.map((s) => [(s.event as { conversationId: string }).conversationId, s]));
    expect(byText['a-text']).toMatchObject({ event: { organizationId: orgA }, setting: orgA, visible: [orgA] });
    expect(byText['b-text']).toMatchObject({ event: { organizationId: orgB }, setting: orgB, visible: [orgB] });
  });

  it('deletes delivered events once they are older than the retention', async () => {
    const count = async () => Number((await sql<{ n: string }>`select count(*) as n from outbox`.execute(tdb.database.db)).rows[0]!.n);
    expect(await count()).toBeGreaterThan(0);
    await outbox.deliver(new Date(Date.now() + 8 * 86_400_000));
    expect(await count()).toBe(0);
  });
});

import pino from 'pino';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS } from '../../test/harness';
import { startJobQueue, type QueueDefinition } from './queue';

const log = pino({ level: 'silent' });

async function until<T>(fn: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe.each(DB_KINDS)('jobs left active by a server that died, on %s', (kind) => {
  it('runs them again at once, or on their last attempt fails them through onAbandoned', async () => {
    const tdb = await createTestDatabase(kind);
    const ran: string[] = [];
    const abandoned: unknown[] = [];
    const queue = (name: string, retryLimit: number): QueueDefinition<never> => ({
      name,
      retryLimit,
      handler: async (data: { n: string }) => void ran.push(data.n),
      onAbandoned: async (data: unknown) => void abandoned.push(data),
    });
    const queues = [queue('test.orphan-retry', 2), queue('test.orphan-last', 0)];
    try {
      // A first server creates the queues and stops; then two jobs look as a killed worker left them: active
      // for an hour, listed by no live instance.
      await (await startJobQueue(tdb.database, log, queues)).stop();
      await sql`insert into pgboss.job (name, data, state, retry_limit, started_on, policy) values
        ('test.orphan-retry', '{"n":"again"}', 'active', 2, now() - interval '1 hour', 'standard'),
        ('test.orphan-last', '{"n":"last"}', 'active', 0, now() - interval '1 hour', 'standard')`.execute(tdb.database.db);

      const second = await startJobQueue(tdb.database, log, queues, { heartbeatSeconds: 1 });
      try {
        await until(async () => (ran.includes('again') ? true : undefined));
        const jobs = await sql<{ name: string; state: string; retry_count: number }>`
          select name, state, retry_count from pgboss.job where name like 'test.orphan-%' order by name`.execute(tdb.database.db);
        expect(jobs.rows).toEqual([
          { name: 'test.orphan-last', state: 'failed', retry_count: 0 },
          { name: 'test.orphan-retry', state: 'completed', retry_count: 1 },
        ]);
        expect(ran).toEqual(['again']);
        expect(abandoned).toEqual([{ n: 'last' }]);
      } finally {
        await second.stop();
      }
    } finally {
      await tdb.drop();
    }
  });

  it('on a stately queue whose retry of the same key already waits, cancels the orphan so that the waiting job runs', async () => {
    const tdb = await createTestDatabase(kind);
    const ran: string[] = [];
    const queues: QueueDefinition<never>[] = [
      { name: 'test.orphan-stately', policy: 'stately', retryLimit: 5, handler: async (data: { n: string }) => void ran.push(data.n) },
    ];
    try {
      await (await startJobQueue(tdb.database, log, queues)).stop();
      // As a connection cut leaves them: the delivery in flight still active (its worker could not record the
      // failure), and the next one already waiting in 'retry' behind it, which 'stately' lets start only once no
      // job of the key is active.
      await sql`insert into pgboss.job (name, data, state, retry_limit, started_on, policy) values
        ('test.orphan-stately', '{"n":"orphan"}', 'active', 5, now() - interval '1 hour', 'stately'),
        ('test.orphan-stately', '{"n":"waiting"}', 'retry', 5, null, 'stately')`.execute(tdb.database.db);

      const second = await startJobQueue(tdb.database, log, queues, { heartbeatSeconds: 1 });
      try {
        await until(async () => (ran.includes('waiting') ? true : undefined));
        const jobs = await sql<{ n: string; state: string }>`
          select data->>'n' as n, state from pgboss.job where name = 'test.orphan-stately' order by n`.execute(tdb.database.db);
        expect(jobs.rows).toEqual([
          { n: 'orphan', state: 'cancelled' },
          { n: 'waiting', state: 'completed' },
        ]);
        expect(ran).toEqual(['waiting']);
      } finally {
        await second.stop();
      }
    } finally {
      await tdb.drop();
    }
  });
});

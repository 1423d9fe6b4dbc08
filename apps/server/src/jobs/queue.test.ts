import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS } from '../../test/harness';
import { startJobQueue } from './queue';

const log = pino({ level: 'silent' });

describe.each(DB_KINDS)('job queue stop on %s', (kind) => {
  it('drops what a handler that outlived the stop sends after the database is closed, with no unhandled rejection', async () => {
    const tdb = await createTestDatabase(kind);
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', record);
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish = () => {};
    const handlerDone = new Promise<void>((resolve) => (finish = resolve));
    try {
      const queue = await startJobQueue(tdb.database, log, [{
        name: 'test.slow',
        retryLimit: 0,
        handler: async () => {
          started();
          await handlerDone;
          throw new Error('finished after the database closed');
        },
      }], { stopTimeoutMs: 100 });
      await queue.send('test.slow', {});
      await running;
      await queue.stop();
      await tdb.drop();
      finish();
      await new Promise((r) => setTimeout(r, 300));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});

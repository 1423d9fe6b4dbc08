import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS } from '../../test/harness';
import { startJobQueue } from './queue';

/** A debug logger whose messages resolve the waits of `when`. */
function listeningLog() {
  const waiting: Array<{ msg: string; resolve: () => void }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const { msg } = JSON.parse(String(chunk)) as { msg: string };
      for (const w of waiting.filter((x) => x.msg === msg)) w.resolve();
      done();
    },
  });
  return {
    log: pino({ level: 'debug' }, stream),
    when: (msg: string) => new Promise<void>((resolve) => waiting.push({ msg, resolve })),
  };
}

/** A job handler held until `finish`, and the unhandled rejections seen meanwhile (`record` is the listener). */
function heldJob() {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', record);
  let started = () => {};
  const running = new Promise<void>((resolve) => (started = resolve));
  let finish = () => {};
  const handlerDone = new Promise<void>((resolve) => (finish = resolve));
  return { unhandled, record, started: () => started(), running, finish: () => finish(), handlerDone };
}

// pg-boss starts on a fresh database in each case: slow on PGlite on a loaded machine.
describe.each(DB_KINDS)('job queue stop on %s', { timeout: 90_000 }, (kind) => {
  it('drops what a handler that outlived the stop sends after the database is closed, with no unhandled rejection', async () => {
    const tdb = await createTestDatabase(kind);
    const { log, when } = listeningLog();
    const { unhandled, record, started, running, finish, handlerDone } = heldJob();
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
      // The handler's failure is recorded by a statement pg-boss sends after the stop: once it was dropped and the
      // turn of the event loop it happened in is over, a rejection left unhandled would have been reported.
      const late = when('job queue statement after stop: dropped');
      finish();
      await late;
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('logs, without an unhandled rejection, a job settled while the database is gone under a running queue', async () => {
    const tdb = await createTestDatabase(kind);
    const { log, when } = listeningLog();
    const { unhandled, record, started, running, finish, handlerDone } = heldJob();
    let gone = false;
    // The database as the queue sees it: every statement fails once it is gone, as a closed pool's do.
    const database = { ...tdb.database, executeSql: (text: string, values: unknown[]) => (gone ? Promise.reject(new Error('database gone')) : tdb.database.executeSql(text, values)) };
    const queue = await startJobQueue(database, log, [{
      name: 'test.settled',
      retryLimit: 0,
      handler: async () => {
        started();
        await handlerDone;
      },
    }], { stopTimeoutMs: 100 });
    try {
      await queue.send('test.settled', {});
      await running;
      gone = true;
      const logged = when('job queue could not record a job as settled; it is retried once released');
      finish();
      await logged;
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
      await queue.stop();
      await tdb.drop();
    }
  });
});

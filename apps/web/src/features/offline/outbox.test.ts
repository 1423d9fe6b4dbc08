import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { mockApi } from '@/test/mock-api';
import { completeCallOrQueue, createOutbox, indexedDbStorage, type Outbox, type OutboxEntry, type OutboxStorage } from './outbox';
import { SAVED_BEFORE_VERSIONS, sendAnyway, syncOutbox, type SendEntry } from './outbox-sync';
import { completedCall, queuedEntry, SEEN_VERSION } from './test-fixtures';

const DB = 'outbox-test';
const opened: OutboxStorage[] = [];

function freshOutbox(): Outbox {
  const storage = indexedDbStorage(DB);
  opened.push(storage);
  return createOutbox(storage);
}

afterEach(async () => {
  for (const storage of opened.splice(0)) storage.close();
  await deleteDB(DB);
});

const SEEN = SEEN_VERSION;
const entry = queuedEntry;

/** A server that completes every call, remembering the order of the calls and their bodies. */
function recordingServer(fail: Record<string, unknown> = {}) {
  const sent: OutboxEntry[] = [];
  const send: SendEntry = async (e) => {
    sent.push(e);
    if (fail[e.callId]) throw fail[e.callId];
    return completedCall(e.callId, e.lead.id, SEEN + 10 * sent.length);
  };
  return { sent, send };
}

describe('the offline outbox', () => {
  it('keeps entries in the order they were saved, and they survive a new store (a reload)', async () => {
    const first = freshOutbox();
    await first.load();
    for (const n of [1, 2, 3]) await first.enqueue(entry(n));
    expect(first.getEntries().map((e) => e.callId)).toEqual(['call-1', 'call-2', 'call-3']);
    expect(first.getEntries()[0]).toMatchObject({ status: 'pending', kind: 'call-complete', userId: 'user-1', body: { notes: 'note 1', leadVersion: SEEN } });

    // A new page: a new connection and a new store over the same database.
    const second = freshOutbox();
    expect(second.getEntries()).toEqual([]);
    await second.load();
    expect(second.getEntries().map((e) => e.callId)).toEqual(['call-1', 'call-2', 'call-3']);
    expect(second.getEntries().map((e) => e.seq)).toEqual(first.getEntries().map((e) => e.seq));

    await second.remove(second.getEntries()[1]!.seq);
    const third = freshOutbox();
    await third.load();
    expect(third.getEntries().map((e) => e.callId)).toEqual(['call-1', 'call-3']);
  });

  it('tells its listeners about every change', async () => {
    const box = freshOutbox();
    await box.load();
    const listener = vi.fn();
    const stop = box.subscribe(listener);
    const stored = await box.enqueue(entry(1));
    await box.update({ ...stored, status: 'conflict' });
    await box.remove(stored.seq);
    stop();
    await box.enqueue(entry(2));
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("sends the user's pending entries oldest first and removes them; other users' entries wait for their own session", async () => {
    const box = freshOutbox();
    await box.enqueue(entry(1));
    await box.enqueue(entry(2, { userId: 'user-2' }));
    await box.enqueue(entry(3));
    const server = recordingServer();
    const report = await syncOutbox(box, 'user-1', server.send);
    expect(server.sent.map((e) => e.callId)).toEqual(['call-1', 'call-3']);
    expect(report).toMatchObject({ stopped: false, conflicts: [], failed: [] });
    expect(report.synced.map((e) => e.callId)).toEqual(['call-1', 'call-3']);
    await box.load(true);
    expect(box.getEntries().map((e) => e.callId)).toEqual(['call-2']);
  });

  it('stops at a network or server failure and keeps that entry and the later ones, in order, for the next try', async () => {
    const box = freshOutbox();
    for (const n of [1, 2, 3]) await box.enqueue(entry(n));
    const offline = recordingServer({ 'call-2': new ApiError(0, 'NETWORK_ERROR', 'offline') });
    const report = await syncOutbox(box, 'user-1', offline.send);
    expect(offline.sent.map((e) => e.callId)).toEqual(['call-1', 'call-2']);
    expect(report.stopped).toBe(true);
    expect(report.synced).toHaveLength(1);
    expect(box.getEntries().map((e) => [e.callId, e.status])).toEqual([['call-2', 'pending'], ['call-3', 'pending']]);

    const down = recordingServer({ 'call-2': new ApiError(503, 'HTTP_503', 'down') });
    expect((await syncOutbox(box, 'user-1', down.send)).stopped).toBe(true);
    const back = recordingServer();
    expect((await syncOutbox(box, 'user-1', back.send)).synced.map((e) => e.callId)).toEqual(['call-2', 'call-3']);
    expect(box.getEntries()).toEqual([]);
  });

  it('keeps a conflict (the lead changed meanwhile) and a refusal with their messages, and goes on with the rest', async () => {
    const box = freshOutbox();
    for (const n of [1, 2, 3]) await box.enqueue(entry(n));
    const server = recordingServer({
      'call-1': new ApiError(409, 'LEAD_CHANGED', 'This lead was changed after you last saw it'),
      'call-2': new ApiError(409, 'ALREADY_COMPLETED', 'This call has already been completed'),
    });
    const report = await syncOutbox(box, 'user-1', server.send);
    expect(report.conflicts.map((e) => [e.callId, e.status, e.error])).toEqual([['call-1', 'conflict', 'This lead was changed after you last saw it']]);
    expect(report.failed.map((e) => [e.callId, e.status, e.error])).toEqual([['call-2', 'failed', 'This call has already been completed']]);
    expect(report.synced.map((e) => e.callId)).toEqual(['call-3']);

    // Kept across a reload, and not sent again by the next run.
    const reloaded = freshOutbox();
    await reloaded.load();
    expect(reloaded.getEntries().map((e) => [e.callId, e.status])).toEqual([['call-1', 'conflict'], ['call-2', 'failed']]);
    const next = recordingServer();
    await syncOutbox(reloaded, 'user-1', next.send);
    expect(next.sent).toEqual([]);
  });

  it("sends a conflict anyway without the version check, or keeps it failed when refused for another reason", async () => {
    const box = freshOutbox();
    await box.enqueue(entry(1));
    await box.enqueue(entry(2));
    const conflict = new ApiError(409, 'LEAD_CHANGED', 'changed');
    await syncOutbox(box, 'user-1', recordingServer({ 'call-1': conflict, 'call-2': conflict }).send);

    const server = recordingServer();
    await sendAnyway(box, box.getEntries()[0]!, server.send);
    expect(server.sent[0]!.body).not.toHaveProperty('leadVersion');
    expect(server.sent[0]!.body).toMatchObject({ outcome: 'interested', notes: 'note 1' });
    expect(box.getEntries().map((e) => e.callId)).toEqual(['call-2']);

    const refusing = recordingServer({ 'call-2': new ApiError(409, 'ALREADY_COMPLETED', 'This call has already been completed') });
    await expect(sendAnyway(box, box.getEntries()[0]!, refusing.send)).rejects.toThrow('This call has already been completed');
    expect(box.getEntries()[0]).toMatchObject({ status: 'failed', error: 'This call has already been completed' });
  });

  it("does not make the agent's own queued outcomes for one lead conflict with each other", async () => {
    const box = freshOutbox();
    const sameLead = { lead: { id: 'lead-9', name: 'Nine' } };
    await box.enqueue(entry(1, sameLead));
    await box.enqueue(entry(2, sameLead));
    const server = recordingServer();
    await syncOutbox(box, 'user-1', server.send);
    expect(server.sent.map((e) => e.body.leadVersion)).toEqual([SEEN, SEEN + 10]);
  });

  it('hands an outcome queued before leads had versions to the agent to review, and sends it anyway without the old check', async () => {
    const box = freshOutbox();
    const legacy = entry(1);
    const { leadVersion: _version, ...body } = legacy.body;
    await box.enqueue({ ...legacy, body: { ...body, leadUpdatedAt: '2025-03-04T10:00:00.000Z' } as typeof body });
    const server = recordingServer();
    const report = await syncOutbox(box, 'user-1', server.send);
    expect(server.sent).toEqual([]);
    expect(report.conflicts.map((e) => e.callId)).toEqual(['call-1']);
    expect(box.getEntries()[0]).toMatchObject({ status: 'conflict', error: SAVED_BEFORE_VERSIONS });

    await sendAnyway(box, box.getEntries()[0]!, server.send);
    expect(server.sent[0]!.body).toEqual({ outcome: 'interested', notes: 'note 1', dnc: false, durationMs: 1000 });
    expect(box.getEntries()).toEqual([]);
  });
});

describe('completing a call or queueing it', () => {
  const completion = { callId: 'call-1', body: { outcome: 'maybe' as const, durationMs: 1000 }, lead: { id: 'lead-1', name: 'Ana' }, leadVersion: SEEN, userId: 'user-1' };

  it('sends it at once when online, without the version check', async () => {
    const fetchMock = mockApi({ 'POST /api/calls/call-1/complete': { body: { call: {}, lead: {}, task: null } } });
    const box = freshOutbox();
    expect(await completeCallOrQueue(completion, box)).toEqual({ call: {}, lead: {}, task: null });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ outcome: 'maybe', durationMs: 1000 });
    expect(box.getEntries()).toEqual([]);
  });

  it('queues it with the version seen when offline, or when the server cannot be reached', async () => {
    const fetchMock = mockApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const box = freshOutbox();
    expect(await completeCallOrQueue(completion, box)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await completeCallOrQueue({ ...completion, callId: 'call-2' }, box)).toBeNull();
    expect(box.getEntries().map((e) => [e.callId, e.body])).toEqual([
      ['call-1', { outcome: 'maybe', durationMs: 1000, leadVersion: SEEN }],
      ['call-2', { outcome: 'maybe', durationMs: 1000, leadVersion: SEEN }],
    ]);
  });

  it("answers the server's refusal as it is, and queues nothing without a signed-in user", async () => {
    mockApi({ 'POST /api/calls/call-1/complete': { status: 409, body: { error: { code: 'ALREADY_COMPLETED', message: 'done' } } } });
    const box = freshOutbox();
    await expect(completeCallOrQueue(completion, box)).rejects.toThrow('done');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(completeCallOrQueue({ ...completion, userId: null }, box)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(box.getEntries()).toEqual([]);
  });
});

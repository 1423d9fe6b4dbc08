import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  TRANSCRIPTION_POLL_LIMIT, transcriptionStreamQuery, type RealtimeEvent, type StreamClientMessage, type StreamServerMessage,
  type TranscriptionRecord,
} from '@wholesail/domain';
import type { SessionSockets, SocketSend } from '../../auth/session-sockets';
import type { Tx } from '../../db/scope';
import { ACCESS } from '../../http/access';
import { holdSocket, type RequestContext } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { keepAlive, requireSocketOrigin, upgradeRequired } from '../../http/websocket';
import type { RealtimeHub } from '../realtime/hub';
import { listBySid, toRecord } from './repo';

export interface StreamDeps {
  hub: RealtimeHub;
  /** Ends each socket with the session that opened it. */
  sockets: SessionSockets;
  allowedOrigins: string[];
}

/** Whom a socket streams for, settled by the handshake, and the member's read-only transactions it reads in. */
interface StreamTarget {
  organizationId: string;
  callId: string;
  callSid: string;
  read: RequestContext['read'];
}

type ChunkRow = Parameters<typeof toRecord>[0] & { call_id: string };

/**
 * WS /api/transcription-stream?callSid=…&organizationId=…: one call's transcript as it is spoken. After
 * `connected`, the latest 50 stored chunks (oldest first), then the call's status, then every new chunk and
 * status change as the change feed (PostgreSQL NOTIFY, so any instance's writes) reports it.
 */
export function registerTranscriptionStream(app: FastifyInstance, deps: StreamDeps): void {
  const targets = new WeakMap<FastifyRequest, StreamTarget>();
  app.route({
    method: 'GET',
    url: '/api/transcription-stream',
    config: ACCESS.member,
    // Every refusal happens before the upgrade, so the client gets a plain HTTP status.
    preValidation: async (request) => {
      await requireSocketOrigin(request, deps.allowedOrigins, 'transcription stream');
      const { ctx } = request;
      const parsed = transcriptionStreamQuery.safeParse(request.query);
      if (!parsed.success) throw badRequest(parsed.error.issues.map((i) => i.message).join('; '), 'VALIDATION_ERROR');
      const { callSid, organizationId } = parsed.data;
      if (organizationId !== ctx.organizationId) throw forbidden('organizationId: not your organization');
      const call = await ctx.read((tx) =>
        tx.selectFrom('calls').select('id').where('organization_id', '=', organizationId).where('call_sid', '=', callSid).executeTakeFirst(),
      );
      if (!call) throw notFound('Call not found');
      targets.set(request, { organizationId, callId: call.id, callSid, read: ctx.read });
    },
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      const target = targets.get(request);
      if (!target) return socket.close(1011, 'Handshake incomplete');
      streamCall(socket, holdSocket(deps.sockets, socket, request, target.organizationId), deps, target, request.log);
    },
  });
}

/** Serves one socket; listeners are attached before anything is awaited, so no early message is missed. */
function streamCall(socket: WebSocket, sendText: SocketSend, { hub }: StreamDeps, target: StreamTarget, log: FastifyBaseLogger): void {
  const { organizationId, callId, callSid, read } = target;
  const sent = new Set<string>();
  let status: { value: string; at: number } | null = null;
  // One queue for everything the socket sends, so `connected`, the backlog and the first status always
  // lead, and a chunk that must be read back from the database keeps its place.
  let queue = Promise.resolve();
  const enqueue = (task: () => Promise<void> | void) => {
    queue = queue.then(task).catch((err: unknown) => {
      log.error({ err, callSid }, 'transcription stream failed');
      socket.close(1011, 'Stream error');
    });
  };
  const send = (message: StreamServerMessage) => sendText(JSON.stringify(message));
  const now = () => new Date().toISOString();
  const sendChunk = (c: TranscriptionRecord) => {
    if (sent.has(c.id)) return;
    sent.add(c.id);
    send({ type: 'transcription', id: c.id, transcript: c.transcript, timestamp: c.timestamp, confidence: c.confidence, speaker: c.speaker, is_partial: c.is_partial });
  };
  // A status is sent when it differs from the last one sent, unless the row is older than the last one seen.
  const sendStatus = (value: string, updatedAt: Date | string, first = false) => {
    const at = new Date(updatedAt).getTime();
    if (!first && status && (status.value === value || at < status.at)) return;
    status = { value, at };
    send({ type: 'status', status: value, timestamp: now() });
  };

  // Subscribed before the backlog is read, so nothing stored in between is missed (a row in both is sent once).
  const unsubscribe = hub.subscribe(organizationId, (event) => enqueue(() => onEvent(event)));
  keepAlive(socket, unsubscribe);
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    let message: Partial<StreamClientMessage> | null;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (message?.type === 'ping') enqueue(() => send({ type: 'pong', timestamp: now() }));
  });

  enqueue(async () => {
    const start = await read(async (tx) => {
      const call = await callStatus(tx);
      return call && { call, chunks: await listBySid(tx, organizationId, callSid, TRANSCRIPTION_POLL_LIMIT) };
    });
    if (!start) return socket.close(1008, 'Call not found');
    send({ type: 'connected', callSid, timestamp: now() });
    start.chunks.forEach(sendChunk);
    sendStatus(start.call.status, start.call.updated_at, true);
  });

  async function onEvent({ table, op, record }: RealtimeEvent): Promise<void> {
    if (table === 'call_transcriptions' && op === 'INSERT') {
      // A payload too large for NOTIFY carries only the id: read the row back.
      const row = record.truncated ? await readChunk(String(record.id)) : (record as ChunkRow);
      if (row?.call_id === callId) sendChunk(toRecord(row));
    } else if (table === 'calls' && op === 'UPDATE' && record.id === callId) {
      const row = record.truncated ? await read(callStatus) : (record as { status: string; updated_at: string });
      if (row) sendStatus(row.status, row.updated_at);
    }
  }

  function readChunk(id: string): Promise<ChunkRow | undefined> {
    return read((tx) =>
      tx
        .selectFrom('call_transcriptions')
        .select(['id', 'call_id', 'call_sid', 'transcript', 'timestamp', 'confidence', 'speaker', 'is_partial'])
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .where('call_id', '=', callId)
        .executeTakeFirst(),
    );
  }

  function callStatus(tx: Tx) {
    return tx.selectFrom('calls').select(['status', 'updated_at']).where('organization_id', '=', organizationId).where('id', '=', callId).executeTakeFirst();
  }
}

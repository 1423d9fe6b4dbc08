import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { STREAM_PING_MS } from '@wholesail/domain';
import { errorBody, forbidden } from './errors';
import { isAllowedOrigin } from './origin-check';

/**
 * The origin check of every websocket route, for its `preValidation` hook, so a bad handshake gets a plain HTTP
 * status before the upgrade: a foreign Origin 403 (the route's access, checked before, answers 401 signed out and
 * 403 without an organization).
 */
export async function requireSocketOrigin(request: FastifyRequest, allowedOrigins: readonly string[], feed: string): Promise<void> {
  if (!isAllowedOrigin(request.headers.origin, allowedOrigins)) throw forbidden(`This origin may not open the ${feed}`, 'FORBIDDEN_ORIGIN');
}

/**
 * The plain-HTTP handler of every websocket route: a GET without the upgrade (after the handshake checks passed)
 * gets 426 in the error contract, not the websocket plugin's empty 404.
 */
export function upgradeRequired(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0];
  return reply.status(426).header('upgrade', 'websocket').send(errorBody('UPGRADE_REQUIRED', `${path} is a websocket: open it with an Upgrade: websocket handshake`));
}

/** A socket-level ping every 30 s keeps proxies from dropping an idle socket; runs `onClose` once it closes. */
export function keepAlive(socket: WebSocket, onClose: () => void): void {
  const timer = setInterval(() => socket.ping(), STREAM_PING_MS);
  socket.on('close', () => {
    clearInterval(timer);
    onClose();
  });
}

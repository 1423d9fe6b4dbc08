import type { FastifyInstance } from 'fastify';
import type { SessionSockets } from '../../auth/session-sockets';
import { ACCESS } from '../../http/access';
import { holdSocket } from '../../http/context';
import { keepAlive, requireSocketOrigin, upgradeRequired } from '../../http/websocket';
import type { RealtimeHub } from './hub';

/** WS /api/realtime: row changes of the signed-in user's organization as {table, op, record}. */
export function registerRealtimeRoutes(app: FastifyInstance, hub: RealtimeHub, sockets: SessionSockets, allowedOrigins: string[]): void {
  app.route({
    method: 'GET',
    url: '/api/realtime',
    config: ACCESS.member,
    // Refused before the upgrade, so a bad handshake gets a plain HTTP status.
    preValidation: async (request) => requireSocketOrigin(request, allowedOrigins, 'realtime feed'),
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      const send = holdSocket(sockets, socket, request, request.ctx.organizationId);
      const unsubscribe = hub.subscribe(request.ctx.organizationId, (event) => send(JSON.stringify(event)));
      keepAlive(socket, unsubscribe);
    },
  });
}

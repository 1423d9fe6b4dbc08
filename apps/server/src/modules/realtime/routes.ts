import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../http/context';
import { keepAlive, requireSocketOrganization, upgradeRequired } from '../../http/websocket';
import type { RealtimeHub } from './hub';

/** WS /api/realtime: row changes of the signed-in user's organization as {table, op, record}. */
export function registerRealtimeRoutes(app: FastifyInstance, hub: RealtimeHub, guards: Guards, allowedOrigins: string[]): void {
  app.route({
    method: 'GET',
    url: '/api/realtime',
    // Refused before the upgrade, so a bad handshake gets a plain HTTP status.
    preValidation: async (request) => {
      await requireSocketOrganization(request, guards, allowedOrigins, 'realtime feed');
    },
    handler: upgradeRequired,
    wsHandler: async (socket, request) => {
      const ctx = await guards.requireOrganization(request);
      const unsubscribe = hub.subscribe(ctx.organizationId, (event) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      });
      keepAlive(socket, unsubscribe);
    },
  });
}

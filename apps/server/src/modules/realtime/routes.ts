import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../http/context';
import { errorBody } from '../../http/errors';
import { isAllowedOrigin } from '../../http/origin-check';
import type { RealtimeHub } from './hub';

const KEEPALIVE_MS = 30_000;

/** WS /api/realtime: row changes of the signed-in user's organization as {table, op, record}. */
export function registerRealtimeRoutes(app: FastifyInstance, hub: RealtimeHub, guards: Guards, allowedOrigins: string[]): void {
  app.get(
    '/api/realtime',
    {
      websocket: true,
      // Refused before the upgrade, so a bad handshake gets a plain HTTP status.
      preValidation: async (request, reply) => {
        if (!isAllowedOrigin(request.headers.origin, allowedOrigins)) {
          return reply.status(403).send(errorBody('FORBIDDEN_ORIGIN', 'This origin may not open the realtime feed'));
        }
        await guards.requireOrganization(request);
      },
    },
    async (socket, request) => {
      const ctx = await guards.requireOrganization(request);
      const unsubscribe = hub.subscribe(ctx.organizationId, (event) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      });
      const keepalive = setInterval(() => socket.ping(), KEEPALIVE_MS);
      socket.on('close', () => {
        clearInterval(keepalive);
        unsubscribe();
      });
    },
  );
}

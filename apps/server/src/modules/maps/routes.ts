import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../../http/access';
import { errorBody } from '../../http/errors';

/** GET /api/maps/key: the browser Maps key (restrict it by HTTP referrer in Google's console). */
export function registerMapsRoutes(app: FastifyInstance, key: string | undefined): void {
  app.get('/api/maps/key', { config: publicRoute('the browser Maps key is public by nature (restricted by referrer)') }, async (_request, reply) =>
    key ? { key } : reply.status(404).send(errorBody('MAPS_NOT_CONFIGURED', 'No Google Maps API key is configured')),
  );
}

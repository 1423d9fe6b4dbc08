import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mapsKeySchema } from '@wholesail/domain';
import { publicRoute } from '../../http/access';
import { AppError } from '../../http/errors';

/** GET /api/maps/key: the browser Maps key (restrict it by HTTP referrer in Google's console). */
export function registerMapsRoutes(app: FastifyInstance, key: string | undefined): void {
  const config = publicRoute('the browser Maps key is public by nature (restricted by referrer)');
  app.withTypeProvider<ZodTypeProvider>().get('/api/maps/key', { config, schema: { response: { 200: mapsKeySchema } } }, async () => {
    if (!key) throw new AppError(404, 'MAPS_NOT_CONFIGURED', 'No Google Maps API key is configured');
    return { key };
  });
}

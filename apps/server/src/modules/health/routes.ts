import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serverHealthSchema } from '@wholesail/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { publicRoute } from '../../http/access';
import type { FileStorage } from '../../providers/storage';
import { APP_VERSION } from '../../version';

const PING_TIMEOUT_MS = 2000;

export function registerHealthRoutes(app: FastifyInstance, db: Kysely<DB>, storage: FileStorage): void {
  const config = publicRoute('load balancers, monitors and the public /status page probe it');
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', { config, schema: { response: { 200: serverHealthSchema, 503: serverHealthSchema } } }, async (_request, reply) => {
    const ping = sql`select 1`.execute(db).then(() => true, () => false);
    const timeout = new Promise<boolean>((resolve) => setTimeout(resolve, PING_TIMEOUT_MS, false).unref());
    const ok = await Promise.race([ping, timeout]);
    // Read by monitors and by the public /status page, which says it in words.
    return reply
      .status(ok ? 200 : 503)
      .send({
        status: ok ? 'ok' : 'error',
        database: ok ? 'ok' : 'error',
        // Which storage uploads go to ('local' or 's3'); where exactly is for the start-up banner, not the public.
        storage: storage.kind,
        version: APP_VERSION,
        checked_at: new Date().toISOString(),
      });
  });
}

import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

const PING_TIMEOUT_MS = 2000;

export function registerHealthRoutes(app: FastifyInstance, db: Kysely<DB>): void {
  app.get('/api/health', async (_request, reply) => {
    const ping = sql`select 1`.execute(db).then(() => true, () => false);
    const timeout = new Promise<boolean>((resolve) => setTimeout(resolve, PING_TIMEOUT_MS, false).unref());
    const ok = await Promise.race([ping, timeout]);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', database: ok ? 'ok' : 'error' });
  });
}

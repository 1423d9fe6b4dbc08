import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todaySchema } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { today } from './service';

/**
 * The dashboard's "Today" (docs/api-dashboard.md). `clock` is the calls module's: today's lists and the calling
 * hours the listed leads are checked against are judged at the same instant (tests move it).
 */
export function registerDashboardRoutes(app: FastifyInstance, options: { clock: () => Date }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/dashboard/today', { config: ACCESS.member, schema: { response: { 200: todaySchema } } }, ({ ctx }) =>
    ctx.read((tx) => today(tx, ctx.organizationId, ctx.user.id, options.clock())),
  );
}

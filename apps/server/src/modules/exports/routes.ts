import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buyerExportQuery, callExportQuery, dealExportQuery, dncExportQuery, leadExportQuery, textExportQuery } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { callExport, textExport } from './activity-exports';
import { sendCsv } from './csv-stream';
import { leadExport } from './lead-export';
import { buyerExport, dealExport, dncExport } from './list-exports';

/**
 * The CSV exports (docs/exports.md): each list with its own filters and the columns chosen, streamed. The static
 * `export.csv` segment wins over `/:id` in fastify's router, so `/api/leads/export.csv` never reaches GET /api/leads/:id.
 */
export function registerExportRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = ACCESS.member;

  r.get('/api/leads/export.csv', { config, schema: { querystring: leadExportQuery } }, (request, reply) =>
    sendCsv(request, reply, 'leads', leadExport(request.ctx.organizationId, request.query), request.query.columns),
  );
  r.get('/api/buyers/export.csv', { config, schema: { querystring: buyerExportQuery } }, (request, reply) =>
    sendCsv(request, reply, 'buyers', buyerExport(request.ctx.organizationId, request.query), request.query.columns),
  );
  r.get('/api/calls/export.csv', { config, schema: { querystring: callExportQuery } }, (request, reply) =>
    sendCsv(request, reply, 'calls', callExport(request.ctx.organizationId, request.query), request.query.columns),
  );
  r.get('/api/texts/export.csv', { config, schema: { querystring: textExportQuery } }, (request, reply) =>
    sendCsv(request, reply, 'texts', textExport(request.ctx.organizationId, request.query), request.query.columns),
  );
  r.get('/api/deals/export.csv', { config, schema: { querystring: dealExportQuery } }, (request, reply) =>
    sendCsv(request, reply, 'deals', dealExport(request.ctx.organizationId, request.query), request.query.columns),
  );
  r.get('/api/dnc/export.csv', { config, schema: { querystring: dncExportQuery } }, (request, reply) =>
    sendCsv(request, reply, 'do-not-contact', dncExport(request.ctx.organizationId, request.query), request.query.columns),
  );
}

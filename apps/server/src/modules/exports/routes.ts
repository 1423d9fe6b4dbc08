import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { type ApiKeyScope, buyerExportQuery, callExportQuery, dealExportQuery, dncExportQuery, leadExportQuery, textExportQuery } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { callExport, textExport } from './activity-exports';
import { sendCsv, type ExportSource } from './csv-stream';
import { leadExport } from './lead-export';
import { buyerExport, dealExport, dncExport } from './list-exports';

/** GET `url`: the export `name` of the caller's organization, with the query's filters and columns; API keys need `scope`. */
function exportRoute<Q extends { columns: string[] }, Row>(
  app: FastifyInstance, url: string, name: string, scope: ApiKeyScope, querystring: ZodType<Q, unknown>, source: (organizationId: string, query: Q) => ExportSource<Row>,
) {
  app.get(url, { config: ACCESS.memberOrKey(scope), schema: { querystring } }, (request, reply) => {
    // Parsed by the schema (the app's zod validator); the plain instance does not carry its type.
    const query = request.query as Q;
    return sendCsv(request, reply, name, source(request.ctx.organizationId, query), query.columns);
  });
}

/**
 * The CSV exports (docs/exports.md): each list with its own filters and the columns chosen, streamed. The static
 * `export.csv` segment wins over `/:id` in fastify's router, so `/api/leads/export.csv` never reaches GET /api/leads/:id.
 */
export function registerExportRoutes(app: FastifyInstance): void {
  exportRoute(app, '/api/leads/export.csv', 'leads', 'leads:read', leadExportQuery, leadExport);
  exportRoute(app, '/api/buyers/export.csv', 'buyers', 'buyers:read', buyerExportQuery, buyerExport);
  exportRoute(app, '/api/calls/export.csv', 'calls', 'calls:read', callExportQuery, callExport);
  exportRoute(app, '/api/texts/export.csv', 'texts', 'texts:read', textExportQuery, textExport);
  exportRoute(app, '/api/deals/export.csv', 'deals', 'deals:read', dealExportQuery, dealExport);
  exportRoute(app, '/api/dnc/export.csv', 'do-not-contact', 'leads:read', dncExportQuery, dncExport);
}

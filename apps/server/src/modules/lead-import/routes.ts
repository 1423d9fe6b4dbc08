import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importPreviewSchema, importStatusSchema, startImportBody } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { openCsvUpload, registerCsvUploadRoutes } from '../../http/csv-upload';
import type { JobQueue } from '../../jobs/queue';
import { transactionExecutor } from '../../jobs/transaction-executor';
import type { FileStorage } from '../../providers/storage';
import { getImport, LEAD_IMPORT_QUEUE, startImport, type EnqueueImport } from './service';
import { createImport } from './upload';
import { UploadSlots } from './upload-slots';

const idParams = z.object({ id: z.uuid('id: expected an import id') });
const uploadQuery = z.object({ filename: z.string().max(255, 'filename must be at most 255 characters').optional() });

export interface LeadImportRouteDeps {
  storage: FileStorage;
  jobs: JobQueue;
  /** Uploads received at once: per organization, and by this process in all. */
  uploads: { perOrg: number; perServer: number };
}

/** POST /api/leads/import, POST /api/leads/import/:id/start, GET /api/leads/import/:id (docs/api-leads.md). */
export async function registerLeadImportRoutes(app: FastifyInstance, deps: LeadImportRouteDeps): Promise<void> {
  const { jobs } = deps;
  const slots = new UploadSlots(deps.uploads.perOrg, deps.uploads.perServer);
  const enqueue: EnqueueImport = (tx, job) => jobs.sendWith(transactionExecutor(tx), LEAD_IMPORT_QUEUE, job, { key: job.importId });

  await registerCsvUploadRoutes(app, async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const leadsWrite = ACCESS.memberOrKey('leads:write');
    const leadsRead = ACCESS.memberOrKey('leads:read');

    r.post('/api/leads/import', { config: leadsWrite, schema: { querystring: uploadQuery, response: { 201: importPreviewSchema } } }, async (request, reply) => {
      const { ctx } = request;
      const release = slots.take(ctx.organizationId);
      try {
        const upload = await openCsvUpload(request);
        const preview = await createImport({ ...deps, db: app.services.database.db, log: request.log }, ctx, { filename: request.query.filename || upload.filename, stream: upload.stream });
        return reply.status(201).send(preview);
      } finally {
        release();
      }
    });

    r.post('/api/leads/import/:id/start', { config: leadsWrite, schema: { params: idParams, body: startImportBody, response: { 202: importStatusSchema } } }, async (request, reply) => {
      const status = await startImport(request.ctx, request.params.id, request.body.mapping, enqueue);
      jobs.wake(LEAD_IMPORT_QUEUE); // committed: start it now instead of at the worker's next poll
      return reply.status(202).send(status);
    });

    r.get('/api/leads/import/:id', { config: leadsRead, schema: { params: idParams, response: { 200: importStatusSchema } } }, async (request) => getImport(request.ctx, request.params.id));
  });
}

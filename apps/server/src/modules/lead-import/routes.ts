import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, startImportBody } from '@wholesail/domain';
import type { DB } from '../../db/types';
import type { Guards } from '../../http/context';
import { badRequest, errorBody } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { createImport, getImport, LEAD_IMPORT_QUEUE, requeueStrandedImports, startImport } from './service';

const idParams = z.object({ id: z.uuid('id: expected an import id') });
const uploadQuery = z.object({ filename: z.string().max(255, 'filename must be at most 255 characters').optional() });

/** Content types a CSV upload arrives with (browsers send Excel's for .csv on Windows). */
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];
const TOO_LARGE = `The file is larger than the ${IMPORT_MAX_BYTES / 1024 / 1024} MB upload limit`;

/** POST /api/leads/import, POST /api/leads/import/:id/start, GET /api/leads/import/:id (docs/api-leads.md). */
export async function registerLeadImportRoutes(app: FastifyInstance, db: Kysely<DB>, guards: Guards, jobs: JobQueue): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 } });
    // Any other body is buffered as it is; the route then refuses what is not CSV with a 400.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, _request, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.status(413).send(errorBody('FILE_TOO_LARGE', TOO_LARGE));
      }
      throw err; // the app's handler answers everything else
    });

    const r = scope.withTypeProvider<ZodTypeProvider>();
    const enqueue = (job: { organizationId: string; importId: string }) => jobs.send(LEAD_IMPORT_QUEUE, job, { key: job.importId });
    await requeueStrandedImports(db, enqueue);

    r.post('/api/leads/import', { bodyLimit: IMPORT_MAX_BYTES, schema: { querystring: uploadQuery } }, async (request, reply) => {
      const ctx = await guards.requireOrganization(request);
      const upload = await readUpload(request);
      const preview = await createImport(db, ctx, { filename: request.query.filename || upload.filename, bytes: upload.bytes });
      return reply.status(201).send(preview);
    });

    r.post('/api/leads/import/:id/start', { schema: { params: idParams, body: startImportBody } }, async (request, reply) => {
      const ctx = await guards.requireOrganization(request);
      return reply.status(202).send(await startImport(db, ctx, request.params.id, request.body.mapping, enqueue));
    });

    r.get('/api/leads/import/:id', { schema: { params: idParams } }, async (request) => {
      const ctx = await guards.requireOrganization(request);
      return getImport(db, ctx, request.params.id);
    });
  });
}

/** The form parser's own errors (no boundary, a form cut short) are the client's: 400, not 500. Limits keep their status. */
function malformedForm(error: unknown): never {
  if (error instanceof Error && (error as { statusCode?: number }).statusCode === undefined) {
    throw badRequest(`The upload is not a readable multipart form (${error.message}); send the CSV in the form field 'file'`, 'BAD_MULTIPART');
  }
  throw error;
}

async function readUpload(request: FastifyRequest): Promise<{ bytes: Uint8Array; filename?: string }> {
  if (request.isMultipart()) {
    const file = await request.file().catch(malformedForm);
    if (!file) throw badRequest("No file: send the CSV in the form field 'file'", 'NO_FILE');
    if (file.fieldname !== 'file') throw badRequest(`Send the CSV in the form field 'file', not '${file.fieldname}'`, 'NO_FILE');
    return { bytes: await file.toBuffer().catch(malformedForm), filename: file.filename };
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!Buffer.isBuffer(request.body)) {
    if (request.body === undefined || request.body === null) throw badRequest('The file is empty', 'EMPTY_FILE');
    throw badRequest(`The upload is not a CSV file (Content-Type ${type}); send it as text/csv or in the multipart form field 'file'`, 'NOT_CSV');
  }
  if (type && !CSV_TYPES.includes(type)) {
    throw badRequest(`The upload is not a CSV file (Content-Type ${type}); send it as text/csv or in the multipart form field 'file'`, 'NOT_CSV');
  }
  return { bytes: request.body };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buyerImportResultSchema, IMPORT_MAX_BYTES } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { readCsvUpload, registerCsvUploadRoutes } from '../../http/csv-upload';
import { importBuyers } from './import';

const uploadQuery = z.object({ filename: z.string().max(255, 'filename must be at most 255 characters').optional() });

/** POST /api/buyers/import (docs/api-buyers.md): a buyers CSV, taken like the lead and Do-Not-Contact imports. */
export async function registerBuyerImportRoutes(app: FastifyInstance): Promise<void> {
  await registerCsvUploadRoutes(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/buyers/import',
      { config: ACCESS.memberOrKey('buyers:write'), bodyLimit: IMPORT_MAX_BYTES, schema: { querystring: uploadQuery, response: { 200: buyerImportResultSchema } } },
      async (request) => {
        const upload = await readCsvUpload(request);
        return request.ctx.write((tx) => importBuyers(tx, request.ctx, { bytes: upload.bytes, filename: request.query.filename || upload.filename }));
      },
    );
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationSettingsSchema, updateSettingsBody } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { getSettings, updateSettings } from './service';

const idParams = z.object({ id: z.uuid('id: expected an organization id') });
const response = { 200: organizationSettingsSchema };

export function registerSettingsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/organization/settings', { config: ACCESS.member, schema: { response } }, async (request) => getSettings(request.ctx));

  r.put('/api/organization/settings', { config: ACCESS.admin, schema: { body: updateSettingsBody, response } }, async (request) =>
    updateSettings(request.ctx, request.body),
  );

  r.get('/api/organizations/:id/settings', { config: ACCESS.member, schema: { params: idParams, response } }, async (request) =>
    getSettings(request.ctx, request.params.id),
  );

  r.put('/api/organizations/:id/settings', { config: ACCESS.admin, schema: { params: idParams, body: updateSettingsBody, response } }, async (request) =>
    updateSettings(request.ctx, request.body, request.params.id),
  );
}

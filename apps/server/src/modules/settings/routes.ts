import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { updateSettingsBody } from '@wholesail/domain';
import type { DB } from '../../db/types';
import type { Guards } from '../../http/context';
import { getSettings, updateSettings } from './service';

const idParams = z.object({ id: z.uuid('id: expected an organization id') });

export function registerSettingsRoutes(app: FastifyInstance, db: Kysely<DB>, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/organization/settings', async (request) => getSettings(db, await guards.requireOrganization(request)));

  r.put('/api/organization/settings', { schema: { body: updateSettingsBody } }, async (request) =>
    updateSettings(db, await guards.requireAdmin(request), request.body),
  );

  r.get('/api/organizations/:id/settings', { schema: { params: idParams } }, async (request) =>
    getSettings(db, await guards.requireOrganization(request), request.params.id),
  );

  r.put('/api/organizations/:id/settings', { schema: { params: idParams, body: updateSettingsBody } }, async (request) =>
    updateSettings(db, await guards.requireAdmin(request), request.body, request.params.id),
  );
}

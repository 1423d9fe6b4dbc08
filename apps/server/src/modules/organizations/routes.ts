import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { createOrganizationBody, updateOrganizationBody } from '@wholesail/domain';
import type { DB } from '../../db/types';
import type { Guards } from '../../http/context';
import { createPersonalOrganization, getMembers, getOrganization, updateOrganization } from './service';

const idParams = z.object({ id: z.uuid('id: expected an organization id') });

export function registerOrganizationRoutes(app: FastifyInstance, db: Kysely<DB>, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/me', async (request) => {
    const ctx = await guards.requireUser(request);
    const organization = ctx.organizationId ? await getOrganization(db, ctx.organizationId) : null;
    return { user: ctx.user, organization: organization && { id: organization.id, name: organization.name }, role: ctx.role };
  });

  r.post('/api/organizations', { schema: { body: createOrganizationBody } }, async (request, reply) => {
    const ctx = await guards.requireUser(request);
    return reply.status(201).send(await createPersonalOrganization(db, ctx.user.id, request.body.org_name));
  });

  r.get('/api/organization', async (request) => {
    const ctx = await guards.requireOrganization(request);
    return getOrganization(db, ctx.organizationId);
  });

  r.get('/api/organizations/:id', { schema: { params: idParams } }, async (request) => {
    const ctx = await guards.requireOrganization(request);
    return getOrganization(db, ctx.organizationId, request.params.id);
  });

  r.patch('/api/organization', { schema: { body: updateOrganizationBody } }, async (request) => {
    const ctx = await guards.requireAdmin(request);
    return updateOrganization(db, ctx, ctx.organizationId, request.body.name);
  });

  r.patch('/api/organizations/:id', { schema: { params: idParams, body: updateOrganizationBody } }, async (request) => {
    const ctx = await guards.requireAdmin(request);
    return updateOrganization(db, ctx, request.params.id, request.body.name);
  });

  r.get('/api/organization/members', async (request) => {
    const ctx = await guards.requireOrganization(request);
    return { members: await getMembers(db, ctx) };
  });
}

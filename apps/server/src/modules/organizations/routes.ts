import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { createOrganizationBody, memberSchema, meSchema, organizationSchema, updateOrganizationBody } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import type { DB } from '../../db/types';
import { createPersonalOrganization, getMembers, getOrganization, organizationOfSession, updateOrganization } from './service';

const idParams = z.object({ id: z.uuid('id: expected an organization id') });
const organization = { 200: organizationSchema };

export function registerOrganizationRoutes(app: FastifyInstance, db: Kysely<DB>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/me', { config: ACCESS.session, schema: { response: { 200: meSchema } } }, async (request) => {
    const ctx = request.signedIn;
    const organization = ctx.organizationId ? await organizationOfSession(db, ctx.organizationId) : null;
    return { user: ctx.user, organization: organization && { id: organization.id, name: organization.name }, role: ctx.role };
  });

  r.post('/api/organizations', { config: ACCESS.session, schema: { body: createOrganizationBody, response: { 201: organizationSchema } } }, async (request, reply) => {
    return reply.status(201).send(await createPersonalOrganization(db, request.signedIn.user.id, request.body.org_name, () => app.services.sessions.clear()));
  });

  r.get('/api/organization', { config: ACCESS.member, schema: { response: organization } }, async (request) => getOrganization(request.ctx));

  r.get('/api/organizations/:id', { config: ACCESS.member, schema: { params: idParams, response: organization } }, async (request) =>
    getOrganization(request.ctx, request.params.id),
  );

  r.patch('/api/organization', { config: ACCESS.admin, schema: { body: updateOrganizationBody, response: organization } }, async (request) =>
    updateOrganization(request.ctx, request.ctx.organizationId, request.body.name),
  );

  r.patch('/api/organizations/:id', { config: ACCESS.admin, schema: { params: idParams, body: updateOrganizationBody, response: organization } }, async (request) =>
    updateOrganization(request.ctx, request.params.id, request.body.name),
  );

  r.get('/api/organization/members', { config: ACCESS.member, schema: { response: { 200: z.object({ members: z.array(memberSchema) }) } } }, async (request) => ({ members: await getMembers(request.ctx) }));
}

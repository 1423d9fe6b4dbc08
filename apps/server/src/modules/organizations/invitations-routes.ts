import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationBody, createInvitationBody, invitationPreviewSchema, invitationSchema, organizationSchema } from '@wholesail/domain';
import { ACCESS, publicRoute } from '../../http/access';
import type { Auth } from '../../auth/auth';
import { webHeaders } from '../../http/web-headers';
import { acceptInvitation, getInvitations, inviteMember, previewInvitation, revokeInvitation, type InvitationDeps } from './invitations-service';

const idParams = z.object({ id: z.uuid('id: expected an invitation id') });
const tokenParams = z.object({ token: z.string().min(16, 'token: the invitation link is incomplete').max(200) });

export function registerInvitationRoutes(app: FastifyInstance, deps: InvitationDeps & { auth: Auth; sessionsChanged: () => void }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/organization/invitations', { config: ACCESS.member, schema: { response: { 200: z.object({ invitations: z.array(invitationSchema) }) } } }, async (request) => ({ invitations: await getInvitations(request.ctx) }));

  r.post('/api/organization/invitations', { config: ACCESS.admin, schema: { body: createInvitationBody, response: { 201: z.object({ invitation: invitationSchema, link: z.string() }) } } }, async (request, reply) =>
    reply.status(201).send(await inviteMember(deps, request.ctx, request.body.email, request.body.role)),
  );

  r.delete('/api/organization/invitations/:id', { config: ACCESS.admin, schema: { params: idParams } }, async (request, reply) => {
    await revokeInvitation(request.ctx, request.params.id);
    return reply.status(204).send();
  });

  // The token is the invitee's bearer secret (whoever holds it may preview and accept).
  const invitee = publicRoute('the invitee opens the link signed out; an unknown token is 404');
  r.get('/api/invitations/:token', { config: invitee, schema: { params: tokenParams, response: { 200: invitationPreviewSchema } } }, async (request) => previewInvitation(deps.db, request.params.token));

  r.post('/api/invitations/:token/accept', { config: invitee, schema: { params: tokenParams, body: acceptInvitationBody, response: { 200: z.object({ organization: organizationSchema.pick({ id: true, name: true }) }) } } }, async (request, reply) => {
    const session = await request.lookUpSession();
    const result = await acceptInvitation(deps, request.params.token, session, request.body);
    if (!session && request.body.password) {
      const signedIn = await deps.auth.api.signInEmail({
        body: { email: result.email, password: request.body.password },
        headers: webHeaders(request),
        asResponse: true,
      });
      const cookies = signedIn.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
    }
    return { organization: result.organization };
  });
}

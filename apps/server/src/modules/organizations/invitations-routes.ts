import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationBody, createInvitationBody } from '@wholesail/domain';
import type { Auth } from '../../auth/auth';
import type { Guards } from '../../http/context';
import { webHeaders } from '../../http/web-headers';
import { acceptInvitation, getInvitations, inviteMember, previewInvitation, revokeInvitation, type InvitationDeps } from './invitations-service';

const idParams = z.object({ id: z.uuid('id: expected an invitation id') });
const tokenParams = z.object({ token: z.string().min(16, 'token: the invitation link is incomplete').max(200) });

export function registerInvitationRoutes(app: FastifyInstance, deps: InvitationDeps & { auth: Auth }, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/organization/invitations', async (request) => ({
    invitations: await getInvitations(deps.db, await guards.requireOrganization(request)),
  }));

  r.post('/api/organization/invitations', { schema: { body: createInvitationBody } }, async (request, reply) => {
    const ctx = await guards.requireAdmin(request);
    return reply.status(201).send(await inviteMember(deps, ctx, request.body.email, request.body.role));
  });

  r.delete('/api/organization/invitations/:id', { schema: { params: idParams } }, async (request, reply) => {
    await revokeInvitation(deps.db, await guards.requireAdmin(request), request.params.id);
    return reply.status(204).send();
  });

  r.get('/api/invitations/:token', { schema: { params: tokenParams } }, async (request) => previewInvitation(deps.db, request.params.token));

  r.post('/api/invitations/:token/accept', { schema: { params: tokenParams, body: acceptInvitationBody } }, async (request, reply) => {
    const session = await guards.session(request);
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

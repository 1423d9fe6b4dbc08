import type { FastifyInstance, FastifyReply } from 'fastify';
import { SIGN_UP_DISABLED_MESSAGE } from '@wholesail/domain';
import type { Auth } from '../../auth/auth';
import { publicRoute } from '../../http/access';
import type { SessionResolver } from '../../http/context';
import { errorBody } from '../../http/errors';
import { webHeaders } from '../../http/web-headers';

/** Whether a response has a body other than JSON null (read from a clone, so it can still be sent). */
async function hasContent(response: Response): Promise<boolean> {
  if (!response.body) return false;
  const text = (await response.clone().text()).trim();
  return text !== '' && text !== 'null';
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/**
 * better-auth endpoints that act for a signed-in user: a request without a session is refused before its body is
 * read, as the route contract does for the app's own routes (better-auth's catch-all is public for sign-in and resets).
 */
const SESSION_ENDPOINTS = new Set([
  '/update-user', '/change-password', '/change-email', '/set-password', '/delete-user', '/list-sessions', '/revoke-session',
  '/revoke-sessions', '/revoke-other-sessions', '/list-accounts', '/unlink-account', '/link-social', '/account-info',
]);

/** The endpoint a URL names, dot segments resolved as better-auth's router resolves them. */
const endpointOf = (url: string) => new URL(url, 'http://localhost').pathname.replace(/^\/api\/auth/, '').replace(/\/+$/, '');

/**
 * Mounts better-auth at /api/auth; sign-up is closed. Bodies are checked inside better-auth (auth/input.ts),
 * where the path is the endpoint's and no spelling of the URL skips the check.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, resolve: SessionResolver, publicUrl: string): void {
  app.post('/api/auth/sign-up/email', { config: publicRoute('sign-up is closed: 403 for everyone') }, async (_request, reply) => reply.status(403).send({ message: SIGN_UP_DISABLED_MESSAGE }));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // better-auth checks the session itself on the endpoints that need one.
    config: publicRoute('sign-in, password reset and get-session are for signed-out users; the rest need a session (SESSION_ENDPOINTS)'),
    async onRequest(request, reply) {
      // A GET has no body to hold back; better-auth answers it (and HEAD) itself.
      if (request.method === 'GET' || request.method === 'HEAD' || !SESSION_ENDPOINTS.has(endpointOf(request.url))) return;
      if (!(await resolve(webHeaders(request)))) {
        // better-auth's own error shape, which the web client reads for /api/auth.
        return reply.status(401).send({ code: 'UNAUTHORIZED', message: 'Sign in to do this' });
      }
    },
    async handler(request, reply) {
      const headers = webHeaders(request);
      // The app's session limits (idle and absolute) hold on every endpoint better-auth serves too: a session
      // past them is deleted here, before better-auth answers for it.
      await resolve(headers);
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      if (hasBody) headers.set('content-type', 'application/json');
      const response = await auth.handler(
        new Request(new URL(request.url, publicUrl), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      if (response.status >= 400 && !(await hasContent(response))) {
        // better-auth answers an unknown or disabled endpoint with an empty 404: the app's error contract instead.
        const path = request.url.split('?')[0];
        return reply.status(response.status).send(
          response.status === 404 ? errorBody('NOT_FOUND', `No route ${request.method} ${path}`) : errorBody('AUTH_ERROR', `${request.method} ${path} was refused (${response.status})`),
        );
      }
      return sendWebResponse(reply, response);
    },
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { SIGN_UP_DISABLED_MESSAGE } from '@wholesail/domain';
import type { Auth } from '../../auth/auth';
import type { SessionResolver } from '../../http/context';
import { webHeaders } from '../../http/web-headers';

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/** Mounts better-auth at /api/auth; sign-up is closed and get-session applies the absolute limit. */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, resolve: SessionResolver, publicUrl: string): void {
  app.post('/api/auth/sign-up/email', async (_request, reply) => reply.status(403).send({ message: SIGN_UP_DISABLED_MESSAGE }));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const headers = webHeaders(request);
      if (request.url.startsWith('/api/auth/get-session')) {
        // Deletes a session past its absolute limit before better-auth answers for it.
        await resolve(headers);
      }
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      if (hasBody) headers.set('content-type', 'application/json');
      const response = await auth.handler(
        new Request(new URL(request.url, publicUrl), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      return sendWebResponse(reply, response);
    },
  });
}

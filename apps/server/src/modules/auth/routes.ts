import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SIGN_UP_DISABLED_MESSAGE } from '@wholesail/domain';
import type { Auth } from '../../auth/auth';
import type { SessionResolver } from '../../http/context';
import { badRequest, errorBody } from '../../http/errors';
import { webHeaders } from '../../http/web-headers';

/**
 * better-auth's update-user takes any JSON object and writes it to the users row, whose columns do not take
 * any value (a null name was a 500): the fields it may change are checked here first.
 */
const updateUserBody = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    image: z.string().max(2000).nullable().optional(),
  })
  .strict();

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
      if (request.method === 'POST' && request.url.split('?')[0] === '/api/auth/update-user') {
        const parsed = updateUserBody.safeParse(request.body);
        if (!parsed.success) {
          throw badRequest(parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '), 'VALIDATION_ERROR');
        }
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

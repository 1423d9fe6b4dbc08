import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAllowedOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  return origin !== undefined && allowed.includes(origin);
}

/**
 * Cross-site request forgery wall: a state change must come from an allowed Origin. A request with
 * no Origin is let through only when it carries no cookie (nothing ambient to abuse).
 */
export function registerOriginCheck(app: FastifyInstance, allowed: readonly string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin === undefined ? request.headers.cookie === undefined : isAllowedOrigin(origin, allowed)) return;
    return reply
      .status(403)
      .send(errorBody('FORBIDDEN_ORIGIN', origin ? `Requests from ${origin} are not allowed` : 'The request has no Origin header'));
  });
}

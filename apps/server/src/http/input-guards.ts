import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, errorBody } from './errors';

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read (bad percent-encoding, a path parameter over
 * maxParamLength) is answered in the error contract too, not with fastify's own JSON.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(error.statusCode ?? 400).send(errorBody(error.code ?? 'BAD_URL', error.message));
}

/** Where a NUL character is in a parsed value ('' for the value itself), or null. */
function nulAt(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return key.replace(/\u0000/g, '\\u0000');
    const found = nulAt(inner, depth + 1);
    if (found !== null) return found === '' ? key : `${key}.${found}`;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: a path parameter, query parameter or JSON body carrying one is refused
 * with 400 naming the field, before it can reach the database and fail there as a 500.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [['params', request.params], ['querystring', request.query], ['body', request.body]] as const) {
      const field = nulAt(value);
      if (field !== null) throw badRequest(`${field || where}: contains a NUL character (\\u0000), which cannot be stored`, 'VALIDATION_ERROR');
    }
  });
}

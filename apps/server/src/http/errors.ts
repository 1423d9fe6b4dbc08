import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { fieldPath } from './field-label';

/** An error whose status, code and message are safe to show to the caller. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const gone = (message: string, code = 'GONE') => new AppError(410, code, message);
export const tooManyRequests = (message: string, code: string, retryAfterSeconds: number) =>
  new AppError(429, code, message, { 'retry-after': String(retryAfterSeconds) });

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

/** Every failure leaves as `{error:{code,message}}`; input problems are 400s naming the field. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return reply.status(err.status).headers(err.headers).send(errorBody(err.code, err.message));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const message = err.validation
        .map((v) => {
          const field = fieldPath(v.instancePath.split('/').slice(1).filter((s) => s !== '')) || where;
          // A schema message that already names its field ('token: the link is incomplete') is not named twice.
          return v.message?.startsWith(`${field}: `) ? v.message : `${field}: ${v.message}`;
        })
        .join('; ');
      return reply.status(400).send(errorBody('VALIDATION_ERROR', message));
    }
    if (isDatabaseUnavailable(err)) {
      // A lost connection is not a bug: the pool reconnects, and the caller may try again shortly.
      request.log.warn({ err: err.message }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send(errorBody('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE));
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'Request body is not valid JSON' : err.message;
      return reply.status(status).send(errorBody(err.code ?? 'BAD_REQUEST', message));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}

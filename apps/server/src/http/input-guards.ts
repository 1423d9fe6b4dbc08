import { Stream } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, errorBody } from './errors';
import { fieldLabel } from './field-label';

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read (bad percent-encoding, a path parameter over
 * maxParamLength) is answered in the error contract too, not with fastify's own JSON.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(error.statusCode ?? 400).send(errorBody(error.code ?? 'BAD_URL', error.message));
}

/** Deepest nesting of objects and arrays a JSON body may have; no form of the app's comes near it. */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests arrays and objects deeper than `max`, read in one pass without parsing it. */
function nestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * Fastify's JSON parser (prototype-poisoning checks included) behind a depth check: a deeply nested body is
 * 400 BODY_TOO_DEEP before it is parsed, instead of a RangeError wherever it is later walked or stringified.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(badRequest(`body: nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`, 'BODY_TOO_DEEP'), undefined);
    }
    return parse(request, text, done);
  });
}

/** Where a NUL character is in a parsed value, as a message names it ('' for the value itself), or null. */
function nulAt(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  // A stream is a body left unread for its handler (an upload), not a parsed value: walking it would walk the socket.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || value instanceof Stream || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return fieldLabel(key);
    const found = nulAt(inner, depth + 1);
    if (found !== null) return found === '' ? fieldLabel(key) : `${fieldLabel(key)}.${found}`;
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

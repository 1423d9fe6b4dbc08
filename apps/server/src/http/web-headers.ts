import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from '../auth/auth';

/** Fastify's request headers as a fetch Headers, with the client address better-auth rate-limits by. */
export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

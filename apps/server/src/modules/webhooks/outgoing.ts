import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { hostOf, isAllowedHost, nonPublicAddress, type AllowedHost } from './addresses';

/** Resolves a host name to every address it has (dns.lookup by default; tests answer for names of their own). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** What one attempt came to: the answer's status and the start of its body, or why there was none. */
export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
}

export interface OutgoingOptions {
  allowed: readonly AllowedHost[];
  resolve: Resolver;
  timeoutMs: number;
}

/** How much of an answer's body the log keeps. */
const RESPONSE_BODY_BYTES = 2048;
const ERROR_CHARS = 500;

class RefusedAddress extends Error {}

/**
 * A lookup for the connection itself: every address the name resolves to must be public, checked as the socket
 * connects, so an answer that changes between a check and the connection (DNS rebinding) cannot slip through.
 */
function publicOnlyLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const bad = found.map((a) => ({ ...a, problem: nonPublicAddress(a.address) })).find((a) => a.problem);
        if (bad) throw new RefusedAddress(`${hostname} resolves to ${bad.address}, ${bad.problem}: webhooks are not sent to private networks`);
        const usable = options.family ? found.filter((a) => a.family === options.family) : found;
        if (usable.length === 0) throw new RefusedAddress(`${hostname} has no address`);
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
    ).catch((error: Error) => callback(Object.assign(error, { code: error instanceof RefusedAddress ? 'EWEBHOOKADDRESS' : (error as NodeJS.ErrnoException).code }), '', 0));
  };
}

const clean = (text: string, max: number) => text.replace(/\0/g, '').slice(0, max);

function describeError(error: NodeJS.ErrnoException, url: URL, timeoutMs: number): string {
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `No answer within ${timeoutMs / 1000} s`;
  if (error instanceof RefusedAddress) return error.message;
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return `Could not resolve ${url.hostname}`;
  if (error.code === 'ECONNREFUSED') return `Connection refused by ${url.host}`;
  if (error.code === 'ECONNRESET') return `Connection reset by ${url.host}`;
  return error.message || String(error.code);
}

/** Why a URL is not sent to at all (a literal address needs no lookup, so the connect-time check never sees it). */
function refusedBeforeConnect(url: URL, allowed: readonly AllowedHost[]): string | null {
  if (isAllowedHost(allowed, url)) return null;
  if (url.protocol !== 'https:') return 'Not sent: plain http is only for hosts listed in WEBHOOK_ALLOWED_HOSTS';
  const host = hostOf(url);
  const problem = isIP(host) ? nonPublicAddress(host) : null;
  return problem ? `Not sent: ${host} is ${problem}: webhooks are not sent to private networks` : null;
}

/**
 * POSTs one delivery: never to a non-public address (unless its host is in WEBHOOK_ALLOWED_HOSTS), no redirect
 * followed, the whole exchange within `timeoutMs`, and at most RESPONSE_BODY_BYTES of the answer read. Never throws.
 */
export async function postWebhook(target: { url: string; body: string; headers: Record<string, string> }, options: OutgoingOptions): Promise<AttemptResult> {
  const url = new URL(target.url);
  const refused = refusedBeforeConnect(url, options.allowed);
  if (refused) return { statusCode: null, durationMs: 0, error: refused, responseBody: null };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<AttemptResult>((resolve) => {
    const request = send(url, {
      method: 'POST',
      headers: { ...target.headers, 'content-length': String(Buffer.byteLength(target.body)) },
      // A new connection each time: the address check runs on every attempt.
      agent: false,
      lookup: isAllowedHost(options.allowed, url) ? undefined : publicOnlyLookup(options.resolve),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    request.on('error', (error) => resolve({ statusCode: null, durationMs: elapsed(), error: clean(describeError(error, url, options.timeoutMs), ERROR_CHARS), responseBody: null }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        const error = status >= 200 && status < 300 ? null
          : status >= 300 && status < 400 ? `Redirect (${status}${location ? ` to ${location}` : ''}) not followed`
          : `HTTP ${status}`;
        resolve({ statusCode: status, durationMs: elapsed(), error: error && clean(error, ERROR_CHARS), responseBody: clean(Buffer.concat(chunks).toString('utf8'), RESPONSE_BODY_BYTES) });
      };
      response.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_BODY_BYTES) chunks.push(chunk.subarray(0, RESPONSE_BODY_BYTES - kept));
        kept += chunk.length;
        // Enough is read: the rest of a large answer is not waited for.
        if (kept >= RESPONSE_BODY_BYTES) response.destroy();
      });
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', () => undefined);
    });
    request.end(target.body);
  });
}

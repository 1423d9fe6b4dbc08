/** The one HTTP client of the app: same-origin JSON with the session cookie. */
import { recordError } from './error-log';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/**
 * The record a page's address names does not exist for this user: unknown, another organization's (404), or an
 * id that cannot be one (400, a mistyped address). Pages say "not found" instead of the validation text.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** The request never got an answer: offline, or the server could not be reached. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads both error shapes: ours (`{ error: { code, message } }`) and
 * better-auth's (`{ message, code? }`).
 */
export function errorFromBody(status: number, body: unknown, fallback: string): ApiError {
  if (isRecord(body)) {
    const nested = body.error;
    if (isRecord(nested) && typeof nested.message === 'string') {
      return new ApiError(status, typeof nested.code === 'string' ? nested.code : `HTTP_${status}`, nested.message);
    }
    if (typeof body.message === 'string' && body.message) {
      return new ApiError(status, typeof body.code === 'string' ? body.code : `HTTP_${status}`, body.message);
    }
  }
  return new ApiError(status, `HTTP_${status}`, fallback);
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/** A FormData body goes as multipart (the browser sets its boundary); anything else as JSON. */
function requestBody(body: unknown): { headers: Record<string, string>; body?: BodyInit } {
  if (body === undefined) return { headers: { Accept: 'application/json' } };
  if (body instanceof FormData) return { headers: { Accept: 'application/json' }, body };
  return { headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: 'include', ...requestBody(body), signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const data = parseJson(await response.text());
  if (!response.ok) {
    const fallback = response.status >= 500 ? 'The server had a problem. Please try again.' : `Request failed (${response.status})`;
    const error = errorFromBody(response.status, data, fallback);
    // A server failure is worth a bug report; a refusal (4xx) is an answer, not an error.
    if (response.status >= 500) recordError({ source: 'api', message: `${method} ${path} answered ${response.status}: ${error.message}` });
    throw error;
  }
  return data as T;
}

/** The message of a failure to show the user, or `fallback` when it has none. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The server names the field of a 400 as `field: message` (several joined by '; '). Returns the
 * message of each of `fields` it names, without the prefix, for showing on that field.
 */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || error.status !== 400) return found;
  for (const part of error.message.split('; ')) {
    const match = /^([\w.]+): (.+)$/s.exec(part);
    const field = fields.find((f) => f === match?.[1]);
    if (field && match) found[field] ??= match[2];
  }
  return found;
}

/** The one HTTP client of the app: same-origin JSON with the session cookie. */

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

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const data = parseJson(await response.text());
  if (!response.ok) {
    const fallback = response.status >= 500 ? 'The server had a problem. Please try again.' : `Request failed (${response.status})`;
    throw errorFromBody(response.status, data, fallback);
  }
  return data as T;
}

/** The message of a failure to show the user, or `fallback` when it has none. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

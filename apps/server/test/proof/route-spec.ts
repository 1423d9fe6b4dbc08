import crypto from 'node:crypto';
import type { OrgIds } from './seed';

/** One request of a route's entry. */
export interface RouteCall {
  url: string;
  body?: unknown;
  /** A body sent as it is (CSV upload, Twilio form). */
  raw?: { payload: string | Buffer; contentType: string };
  /** The answer to org A's user when the ids are org B's (default 404). */
  cross?: number | 'skip';
  /** The answer to a signed-out client (default 401; other answers only on routes declared public). */
  signedOut?: number;
  /** Why an answer is not the default, or why a request is skipped. */
  why?: string;
}

export interface RouteSpec {
  /** The requests of this route with `target`'s ids; `own` is the caller's organization. */
  calls: (target: OrgIds, own: OrgIds) => RouteCall[];
  /** The answer to HEAD when it is not the GET's, and why. */
  head?: { status: number; why: string };
  /** Errors in better-auth's own shape `{code?, message}`, which the web client reads: not `{error:{code,message}}`. */
  betterAuth?: true;
}

export const randomToken = () => crypto.randomBytes(24).toString('base64url');
export const own200 = (url: string, body?: unknown): RouteCall[] => [{ url, body, cross: 200, why: "the caller's own organization" }];

import crypto from 'node:crypto';
import type { FastifyRequest, preParsingAsyncHookHandler, RouteOptions } from 'fastify';
import type { RouteAccess } from '../../src/http/access';
import { ORIGIN, type TestApp } from '../harness';
import { TINY_PNG, type OrgIds } from './seed';

/** A registered route as the app's onRoute hook saw it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  websocket: boolean;
  schema: RouteOptions['schema'];
  /** Who may call it, as the route declares (config.access), and why when it is public. */
  access: RouteAccess;
  publicBecause?: string;
}

/**
 * Collects every route the app registers (pass `onRoute` to useTestApp's options). It also gives every route a
 * preParsing hook that reports to `bodyReads` listeners: fastify runs it as it starts reading a request's body.
 */
export function routeCollector() {
  const routes: RegisteredRoute[] = [];
  const bodyReads = new Set<(request: FastifyRequest) => void>();
  const reportBodyRead: preParsingAsyncHookHandler = async (request, _reply, payload) => {
    for (const listener of bodyReads) listener(request);
    return payload;
  };
  const onRoute = (route: RouteOptions) => {
    route.preParsing = [...[route.preParsing ?? []].flat(), reportBodyRead];
    for (const method of [route.method].flat()) {
      const { access, publicBecause } = route.config ?? {};
      if (!access) throw new Error(`${method} ${route.url} reached the collector without config.access`);
      routes.push({ method, url: route.url, websocket: Boolean(route.websocket || route.wsHandler), schema: route.schema, access, publicBecause });
    }
  };
  return { routes, onRoute, bodyReads };
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/**
 * The routes the table must cover: fastify adds a HEAD route beside each GET, answered by the GET's handler;
 * it is called with the GET's calls, so only a HEAD without a GET needs its own entry.
 */
export function tableRoutes(routes: RegisteredRoute[]): RegisteredRoute[] {
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)));
}

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

const randomToken = () => crypto.randomBytes(24).toString('base64url');
const own200 = (url: string, body?: unknown): RouteCall[] => [{ url, body, cross: 200, why: "the caller's own organization" }];
const form = (params: Record<string, string>) => ({ payload: new URLSearchParams(params).toString(), contentType: 'application/x-www-form-urlencoded' });
const docs = (url: string): RouteSpec => ({ calls: () => [{ url, cross: 200, signedOut: 200 }] });

/**
 * Every registered route and how to call it; who may call it is the route's own declaration (config.access), read
 * by the route collector. The isolation suite calls each with org B's ids as org A's user and signed out; the
 * hostile-input suite mutates the bodies and queries of the same calls made with the caller's own ids. A route that is registered but missing here fails both suites.
 */
export const ROUTE_TABLE: Record<string, RouteSpec> = {
  'GET /api/docs': docs('/api/docs'),
  'HEAD /api/docs/': docs('/api/docs/'),
  'GET /api/docs/static/index.html': { calls: () => [{ url: '/api/docs/static/index.html', cross: 302, signedOut: 302, why: 'redirects to /api/docs/' }] },
  'GET /api/docs/static/swagger-initializer.js': docs('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/static/*': docs('/api/docs/static/swagger-ui.css'),
  'GET /api/docs/json': docs('/api/docs/json'),
  'GET /api/docs/yaml': docs('/api/docs/yaml'),
  'GET /api/health': { calls: () => [{ url: '/api/health', cross: 200, signedOut: 200 }] },

  'POST /api/auth/sign-up/email': {
    betterAuth: true,
    calls: (b) => [{ url: '/api/auth/sign-up/email', body: { email: b.email, password: 'password123', name: 'X' }, cross: 403, signedOut: 403 }],
  },
  'GET /api/auth/*': {
    betterAuth: true,
    head: { status: 404, why: 'better-auth serves no HEAD' },
    calls: () => [
      { url: '/api/auth/get-session', cross: 200, signedOut: 200, why: "the caller's own session" },
      { url: '/api/auth/list-sessions', cross: 200, why: "the caller's own sessions" },
      { url: '/api/auth/list-accounts', cross: 200, why: "the caller's own accounts" },
      { url: `/api/auth/verify-email?token=${randomToken()}`, cross: 401, signedOut: 401, why: 'an unknown token' },
      { url: '/api/auth/ok', cross: 200, signedOut: 200, why: 'better-auth health' },
      { url: `/api/auth/reset-password/${randomToken()}?callbackURL=/reset-password`, cross: 302, signedOut: 302, why: 'an unknown token redirects with error=INVALID_TOKEN' },
    ],
  },
  'POST /api/auth/*': {
    betterAuth: true,
    calls: (b, a) => [
      { url: '/api/auth/sign-in/email', body: { email: b.email, password: 'not the password' }, cross: 401, signedOut: 401, why: 'a wrong password' },
      { url: '/api/auth/request-password-reset', body: { email: b.email, redirectTo: '/reset-password' }, cross: 200, signedOut: 200, why: 'the same answer for every email' },
      { url: '/api/auth/reset-password', body: { token: randomToken(), newPassword: 'a new password 1' }, cross: 400, signedOut: 400, why: 'an unknown token' },
      { url: '/api/auth/revoke-session', body: { token: b.sessionToken }, cross: 200, why: 'better-auth answers success but only deletes a session of the caller (B keeps its session: rows compared)' },
      { url: '/api/auth/update-user', body: { name: `${a.email.split('@')[0]} proof` }, cross: 200, why: "the caller's own name" },
      { url: '/api/auth/change-password', body: { currentPassword: 'not the password', newPassword: 'another password 1' }, cross: 400, why: 'a wrong current password' },
      { url: '/api/auth/change-email', body: { newEmail: b.email }, cross: 400, why: 'changing the email is not enabled' },
      { url: '/api/auth/send-verification-email', body: { email: b.email }, cross: 400, signedOut: 400, why: 'email verification is not enabled' },
      { url: '/api/auth/revoke-other-sessions', body: {}, cross: 200, why: "the caller's own other sessions" },
      { url: '/api/auth/delete-user', body: {}, cross: 404, why: 'deleting users is not enabled' },
      { url: '/api/auth/sign-out', body: {}, cross: 'skip', signedOut: 200, why: "signing A out would end the run's session; signed out it is a no-op" },
    ],
  },

  'GET /api/me': { calls: () => own200('/api/me') },
  'POST /api/organizations': {
    calls: () => [{ url: '/api/organizations', body: { org_name: 'Another Org' }, cross: 409, why: 'the caller already belongs to an organization' }],
  },
  'GET /api/organization': { calls: () => own200('/api/organization') },
  'PATCH /api/organization': { calls: () => own200('/api/organization', { name: 'Alder Proof Realty' }) },
  'GET /api/organizations/:id': { calls: (b) => [{ url: `/api/organizations/${b.organizationId}` }] },
  'PATCH /api/organizations/:id': { calls: (b) => [{ url: `/api/organizations/${b.organizationId}`, body: { name: 'Owned by A' } }] },
  'GET /api/organization/members': { calls: () => own200('/api/organization/members') },
  'GET /api/organization/settings': { calls: () => own200('/api/organization/settings') },
  'PUT /api/organization/settings': { calls: () => own200('/api/organization/settings', { aiIntegration: { enableRealTimeCoaching: true } }) },
  'GET /api/organizations/:id/settings': { calls: (b) => [{ url: `/api/organizations/${b.organizationId}/settings` }] },
  'PUT /api/organizations/:id/settings': {
    calls: (b) => [{ url: `/api/organizations/${b.organizationId}/settings`, body: { aiIntegration: { enableRealTimeCoaching: false } } }],
  },
  'GET /api/organization/invitations': { calls: () => own200('/api/organization/invitations') },
  'POST /api/organization/invitations': {
    calls: () => [{ url: '/api/organization/invitations', body: { email: `proof-${crypto.randomBytes(3).toString('hex')}@example.com` }, cross: 201, why: "invites into the caller's own organization" }],
  },
  'DELETE /api/organization/invitations/:id': { calls: (b) => [{ url: `/api/organization/invitations/${b.invitationId}` }] },
  // The token is a bearer secret mailed to the invitee (whoever holds it may preview and accept): B's real token is not an id to try.
  'GET /api/invitations/:token': {
    calls: () => [{ url: `/api/invitations/${randomToken()}`, signedOut: 404 }],
  },
  'POST /api/invitations/:token/accept': {
    calls: () => [{ url: `/api/invitations/${randomToken()}/accept`, body: { name: 'Someone', password: 'password123' }, signedOut: 404 }],
  },

  'GET /api/leads': {
    calls: (b) => [
      ...own200(`/api/leads?search=${encodeURIComponent(b.leadPhone.slice(2))}`),
      ...own200('/api/leads?limit=200&minValue=1'),
    ],
  },
  'GET /api/leads/top': { calls: () => own200('/api/leads/top?limit=50') },
  'GET /api/leads/stats': { calls: () => own200('/api/leads/stats') },
  'GET /api/leads/:id': { calls: (b) => [{ url: `/api/leads/${b.leadId}` }, { url: `/api/leads/${b.importedLeadId}` }] },
  'GET /api/leads/:id/context': { calls: (b) => [{ url: `/api/leads/${b.leadId}/context` }] },
  'GET /api/leads/:id/activity': { calls: (b) => [{ url: `/api/leads/${b.leadId}/activity?limit=100` }, { url: `/api/leads/${b.importedLeadId}/activity` }] },
  'POST /api/leads': { calls: () => [{ url: '/api/leads', body: { owner_1_name: 'Proof Lead of A', property_address_state: 'TX' }, cross: 201, why: "creates a lead in the caller's organization" }] },
  'PATCH /api/leads/:id': { calls: (b) => [{ url: `/api/leads/${b.leadId}`, body: { notes: 'changed by A', dnc_status: true } }] },
  'POST /api/leads/bulk': {
    calls: (b) => [{ url: '/api/leads/bulk', body: { ids: [b.leadId, b.importedLeadId], status: 'discovery', add_tags: ['proof'], remove_tags: ['vacant'] }, cross: 200, why: "another organization's ids count as skipped and are never touched" }],
  },
  'DELETE /api/leads/:id': { calls: (b) => [{ url: `/api/leads/${b.leadId}` }, { url: `/api/leads/${b.importedLeadId}` }] },
  'POST /api/leads/:id/restore': { calls: (b) => [{ url: `/api/leads/${b.leadId}/restore` }] },
  'POST /api/leads/:id/enrich': { calls: (b) => [{ url: `/api/leads/${b.leadId}/enrich`, body: { priority: 'high' } }] },
  'POST /api/leads/enrich': { calls: (b) => [{ url: '/api/leads/enrich', body: { leadIds: [b.leadId, b.importedLeadId], priority: 'normal' } }] },
  'GET /api/leads/:id/enrichment': { calls: (b) => [{ url: `/api/leads/${b.leadId}/enrichment` }, { url: `/api/leads/${b.importedLeadId}/enrichment` }] },
  'GET /api/enrichment-batches/:id': { calls: (b) => [{ url: `/api/enrichment-batches/${b.enrichmentBatchId}` }] },
  'POST /api/leads/:id/ask': { calls: (b) => [{ url: `/api/leads/${b.leadId}/ask`, body: { question: 'What do we know about the owner?', history: [] } }] },
  'POST /api/leads/:id/ai-score': { calls: (b) => [{ url: `/api/leads/${b.leadId}/ai-score` }] },
  'GET /api/leads/:id/comps': {
    calls: (b) => [{ url: `/api/leads/${b.leadId}/comps?radius_miles=1&months=24&sqft_pct=30&exclude=${b.importedLeadId}` }, { url: `/api/leads/${b.importedLeadId}/comps` }],
  },
  'POST /api/leads/import': {
    calls: (b) => [{
      url: '/api/leads/import?filename=proof.csv',
      raw: { payload: `Owner Name,Property Address,Phone 1\r\nSomeone,${b.leadId},${b.leadPhone}\r\n`, contentType: 'text/csv' },
      cross: 201, why: "previews a file in the caller's organization",
    }],
  },
  'POST /api/leads/import/:id/start': {
    calls: (b) => [b.pendingImportId, b.importId].map((id) => ({ url: `/api/leads/import/${id}/start`, body: { mapping: { 'Phone 1': 'contact_1_phone1' } } })),
  },
  'GET /api/leads/import/:id': { calls: (b) => [{ url: `/api/leads/import/${b.importId}` }, { url: `/api/leads/import/${b.pendingImportId}` }] },

  'GET /api/buyers': { calls: () => own200('/api/buyers?limit=200') },
  'GET /api/buyers/:id': { calls: (b) => [{ url: `/api/buyers/${b.buyerId}` }] },
  'POST /api/buyers': { calls: () => [{ url: '/api/buyers', body: { contact_name: 'Proof Buyer of A' }, cross: 201, why: "creates a buyer in the caller's organization" }] },
  'PATCH /api/buyers/:id': { calls: (b) => [{ url: `/api/buyers/${b.buyerId}`, body: { notes: 'changed by A', buyer_score: 1 } }] },
  'DELETE /api/buyers/:id': { calls: (b) => [{ url: `/api/buyers/${b.buyerId}` }] },
  'GET /api/buyers/:id/matches': { calls: (b) => [{ url: `/api/buyers/${b.buyerId}/matches` }] },
  'POST /api/buyers/import': {
    calls: () => [{
      url: '/api/buyers/import?filename=proof.csv', raw: { payload: 'Name,Email,States\r\nProof Import Buyer,proof.import@example.com,TX\r\n', contentType: 'text/csv' },
      cross: 200, why: "imports buyers into the caller's organization",
    }],
  },
  'POST /api/deals/:id/send': { calls: (b) => [{ url: `/api/deals/${b.dealId}/send`, body: { buyer_ids: [b.buyerId], channels: ['email'] } }] },
  'GET /api/deals/:id/sends': { calls: (b) => [{ url: `/api/deals/${b.dealId}/sends` }] },
  'GET /api/public/buyers/unsubscribe/:token': {
    calls: () => [{ url: `/api/public/buyers/unsubscribe/${randomToken()}.${randomToken()}`, cross: 404, signedOut: 404, why: 'a token the server did not sign' }],
  },

  'GET /api/phone-numbers': { calls: () => own200('/api/phone-numbers') },
  'POST /api/phone-numbers': { calls: () => [{ url: '/api/phone-numbers', body: { phone_number: '+15125550499' }, cross: 201, why: "adds a number to the caller's organization" }] },
  'PATCH /api/phone-numbers/:id': { calls: (b) => [{ url: `/api/phone-numbers/${b.phoneNumberId}`, body: { is_active: false } }] },
  'DELETE /api/phone-numbers/:id': { calls: (b) => [{ url: `/api/phone-numbers/${b.phoneNumberId}` }] },
  'GET /api/phone-assignments': { calls: () => own200('/api/phone-assignments') },
  'PUT /api/phone-assignments/default': {
    calls: (b) => [{ url: '/api/phone-assignments/default', body: { phone_number: b.phoneNumber }, cross: 400, why: "400 NOT_AN_ORGANIZATION_NUMBER: a number that is not the caller's organization's, as for any unknown number" }],
  },

  'GET /api/calls/caller-id': {
    calls: (b) => [{ url: `/api/calls/caller-id?leadId=${b.leadId}`, cross: 200, why: "another organization's lead is no lead: the caller's own number is chosen" }],
  },
  'GET /api/calls/settings': { calls: () => own200('/api/calls/settings') },
  'PUT /api/calls/settings': { calls: () => own200('/api/calls/settings', { enforceHours: true, callsPerNumberPer24h: 3 }) },
  'GET /api/calls/check': {
    calls: (b) => [{ url: `/api/calls/check?leadId=${b.leadId}` }, { url: `/api/calls/check?leadId=${b.leadId}&to=${encodeURIComponent(b.leadPhone)}` }],
  },
  'POST /api/calls': { calls: (b) => [{ url: '/api/calls', body: { lead_id: b.leadId, from_e164: b.phoneNumber, to_e164: b.leadPhone } }] },
  'GET /api/calls/:id': { calls: (b) => [{ url: `/api/calls/${b.callId}` }] },
  'POST /api/calls/:id/hangup': { calls: (b) => [{ url: `/api/calls/${b.callId}/hangup` }] },
  'POST /api/calls/:id/mute': { calls: (b) => [{ url: `/api/calls/${b.callId}/mute`, body: { muted: true } }] },
  'POST /api/calls/:id/dtmf': { calls: (b) => [{ url: `/api/calls/${b.callId}/dtmf`, body: { digits: '1#' } }] },
  'POST /api/calls/:id/complete': { calls: (b) => [{ url: `/api/calls/${b.callId}/complete`, body: { outcome: 'not_interested', notes: 'A was here', dnc: true } }] },
  'GET /api/calls/by-sid/:callSid/transcriptions': { calls: (b) => [{ url: `/api/calls/by-sid/${b.callSid}/transcriptions?limit=200` }] },
  'GET /api/calls/by-sid/:callSid/lead-context': { calls: (b) => [{ url: `/api/calls/by-sid/${b.callSid}/lead-context` }] },
  'GET /api/transcription-stream': {
    calls: (b, a) => [
      { url: `/api/transcription-stream?${new URLSearchParams({ callSid: b.callSid, organizationId: b.organizationId })}`, cross: 403, why: "403 'organizationId: not your organization'" },
      { url: `/api/transcription-stream?${new URLSearchParams({ callSid: b.callSid, organizationId: a.organizationId })}` },
    ],
  },
  'GET /api/realtime': { calls: () => [{ url: '/api/realtime', cross: 426, why: 'a websocket route answers a plain GET (no upgrade) with 426 after the handshake checks' }] },

  'GET /api/deals': { calls: () => own200('/api/deals?stage=open&search=a&limit=10') },
  'POST /api/deals': { calls: (b) => [{ url: '/api/deals', body: { lead_id: b.leadId, notes: 'deal by A' } }] },
  'GET /api/deals/settings': { calls: () => own200('/api/deals/settings') },
  'PUT /api/deals/settings': { calls: () => own200('/api/deals/settings', { maoPercent: 70 }) },
  'GET /api/deals/revenue': { calls: () => own200('/api/deals/revenue?months=6') },
  'GET /api/deals/due': { calls: () => own200('/api/deals/due') },
  'GET /api/deals/:id': { calls: (b) => [{ url: `/api/deals/${b.dealId}` }] },
  'PATCH /api/deals/:id': { calls: (b) => [{ url: `/api/deals/${b.dealId}`, body: { notes: 'changed by A' } }] },
  'POST /api/deals/:id/stage': { calls: (b) => [{ url: `/api/deals/${b.dealId}/stage`, body: { stage: 'marketing' } }] },
  'POST /api/deals/:id/seller-offers': { calls: (b) => [{ url: `/api/deals/${b.dealId}/seller-offers`, body: { amount: 1000 } }] },
  'PATCH /api/deals/:id/seller-offers/:offerId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/seller-offers/${b.offerId}`, body: { status: 'countered' } }] },
  'GET /api/deals/:id/matches': { calls: (b) => [{ url: `/api/deals/${b.dealId}/matches` }] },
  'POST /api/deals/:id/room': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room`, body: { headline: 'Room by A' } }] },
  'GET /api/deals/:id/room': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room` }] },
  'PATCH /api/deals/:id/room': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room`, body: { headline: 'Changed by A', status: 'open' } }] },
  'POST /api/deals/:id/room/photos': {
    calls: (b) => [{ url: `/api/deals/${b.dealId}/room/photos?caption=A`, raw: { payload: TINY_PNG, contentType: 'image/png' } }],
  },
  'GET /api/deals/:id/room/photos/:photoId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/photos/${b.roomPhotoId}` }] },
  'PATCH /api/deals/:id/room/photos/:photoId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/photos/${b.roomPhotoId}`, body: { caption: 'By A' } }] },
  'DELETE /api/deals/:id/room/photos/:photoId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/photos/${b.roomPhotoId}` }] },
  'POST /api/deals/:id/room/invites': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/invites`, body: { buyer_ids: [b.buyerId] } }] },
  'GET /api/deals/:id/room/invites': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/invites` }] },
  'DELETE /api/deals/:id/room/invites/:inviteId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/invites/${b.roomInviteId}` }] },
  'GET /api/deals/:id/room/views': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/views` }] },
  'GET /api/deals/:id/offers': { calls: (b) => [{ url: `/api/deals/${b.dealId}/offers` }] },
  'POST /api/deals/:id/offers': {
    calls: (b) => [{ url: `/api/deals/${b.dealId}/offers`, body: { buyer_id: b.buyerId, amount: 1000, earnest_money: 10, close_by: '2030-01-01', financing: 'cash' } }],
  },
  'PATCH /api/deals/:id/offers/:offerId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/offers/${b.buyerOfferId}`, body: { status: 'backup' } }] },
  'POST /api/deals/:id/offers/:offerId/accept': { calls: (b) => [{ url: `/api/deals/${b.dealId}/offers/${b.buyerOfferId}/accept`, body: { notify_others: false } }] },
  'GET /api/public/deal-rooms/:slug': {
    calls: (b, a) => [
      { url: `/api/public/deal-rooms/${b.roomSlug}`, cross: 401, signedOut: 401, why: "B's room asks for its password, which A does not know" },
      { url: `/api/public/deal-rooms/${b.roomSlug}?password=wrong-password`, cross: 401, signedOut: 401, why: 'a wrong password' },
      { url: `/api/public/deal-rooms/${randomToken()}`, cross: 404, signedOut: 404, why: 'no room has this slug' },
      { url: `/api/public/deal-rooms/${a.roomSlug}?invite=${a.roomInviteToken}`, cross: 200, signedOut: 200, why: "A's own room through its buyer's invite" },
    ],
  },
  'GET /api/public/deal-rooms/:slug/photos/:photoId': {
    calls: (b, a) => [
      { url: `/api/public/deal-rooms/${b.roomSlug}/photos/${b.roomPhotoId}`, cross: 401, signedOut: 401, why: "B's room asks for its password" },
      { url: `/api/public/deal-rooms/${a.roomSlug}/photos/${b.roomPhotoId}?invite=${a.roomInviteToken}`, cross: 404, signedOut: 404, why: "B's photo is not in A's room" },
    ],
  },
  'POST /api/public/deal-rooms/:slug/views/:viewId/heartbeat': {
    calls: (b, a) => [
      { url: `/api/public/deal-rooms/${a.roomSlug}/views/${b.roomViewId}/heartbeat`, cross: 404, signedOut: 404, why: "B's visit is not of A's room" },
      { url: `/api/public/deal-rooms/${a.roomSlug}/views/${a.roomViewId}/heartbeat`, cross: 204, signedOut: 204, why: "A's own visit (its id is the visitor's secret)" },
    ],
  },
  'POST /api/public/deal-rooms/:slug/offers': {
    calls: (b, a) => [
      {
        url: `/api/public/deal-rooms/${b.roomSlug}/offers`, cross: 401, signedOut: 401, why: "B's room asks for its password",
        body: { name: 'Proof Bidder', email: 'bidder@example.com', amount: 1000, earnest_money: 10, close_by: '2030-01-01', financing: 'cash' },
      },
      {
        url: `/api/public/deal-rooms/${a.roomSlug}/offers`, cross: 201, signedOut: 201, why: "an offer on A's own room through its buyer's invite",
        body: { name: 'Proof Bidder', email: 'bidder@example.com', amount: 1000, earnest_money: 10, close_by: '2030-01-01', financing: 'cash', invite: a.roomInviteToken },
      },
    ],
  },
  'GET /api/sequences': { calls: () => own200('/api/sequences') },
  'POST /api/sequences': {
    calls: () => [{ url: '/api/sequences', body: { name: 'Proof sequence', steps: [{ kind: 'text', delay_minutes: 0, body: 'Hi {first_name}' }] }, cross: 201, why: "a sequence of the caller's own organization" }],
  },
  'GET /api/sequences/:id': { calls: (b) => [{ url: `/api/sequences/${b.sequenceId}` }] },
  'PATCH /api/sequences/:id': { calls: (b) => [{ url: `/api/sequences/${b.sequenceId}`, body: { name: 'changed by A' } }] },
  'DELETE /api/sequences/:id': { calls: (b) => [{ url: `/api/sequences/${b.sequenceId}` }] },
  'POST /api/sequences/:id/enrollments': {
    calls: (b, a) => [
      { url: `/api/sequences/${b.sequenceId}/enrollments`, body: { lead_ids: [a.leadId] } },
      { url: `/api/sequences/${a.sequenceId}/enrollments`, body: { lead_ids: [b.leadId] }, cross: 200, why: "A's own sequence: B's lead is skipped as not found" },
    ],
  },
  'DELETE /api/sequences/:id/enrollments/:leadId': {
    calls: (b, a) => [{ url: `/api/sequences/${b.sequenceId}/enrollments/${b.leadId}` }, { url: `/api/sequences/${a.sequenceId}/enrollments/${b.leadId}` }],
  },
  'GET /api/leads/:id/automation': { calls: (b) => [{ url: `/api/leads/${b.leadId}/automation` }] },
  'GET /api/referral-partners': { calls: () => own200('/api/referral-partners') },
  'POST /api/referral-partners': {
    calls: () => [
      { url: '/api/referral-partners', body: { name: 'Proof Agent', license_number: 'TX-PROOF', license_state: 'TX', markets: ['TX'], referral_fee_percent: 25, email: 'agent@example.com' }, cross: 201, why: "a partner of the caller's own organization" },
    ],
  },
  'GET /api/referral-partners/:id': { calls: (b) => [{ url: `/api/referral-partners/${b.referralPartnerId}` }] },
  'PATCH /api/referral-partners/:id': { calls: (b) => [{ url: `/api/referral-partners/${b.referralPartnerId}`, body: { notes: 'changed by A' } }] },
  'DELETE /api/referral-partners/:id': { calls: (b) => [{ url: `/api/referral-partners/${b.referralPartnerId}` }] },
  'GET /api/referrals': { calls: (b) => own200(`/api/referrals?status=accepted&partner_id=${b.referralPartnerId}`) },
  'POST /api/referrals': { calls: (b) => [{ url: '/api/referrals', body: { partner_id: b.referralPartnerId, lead_id: b.leadId, note: 'by A' } }] },
  'POST /api/referrals/:id/resend': { calls: (b) => [{ url: `/api/referrals/${b.referralId}/resend` }] },
  'PATCH /api/referrals/:id': { calls: (b) => [{ url: `/api/referrals/${b.referralId}`, body: { fee_received: 10 } }] },
  // A link's page shows its own referral's seller: B's valid link is never called here (it would show B's seller by design).
  'GET /api/public/referrals/:token': {
    calls: (b, a) => [
      { url: `/api/public/referrals/${randomToken()}`, cross: 404, signedOut: 404, why: 'a token without a valid signature' },
      { url: `/api/public/referrals/${b.referralToken.slice(0, -3)}abc`, cross: 404, signedOut: 404, why: "B's link with a tampered signature" },
      { url: `/api/public/referrals/${a.referralToken}`, cross: 200, signedOut: 200, why: "A's partner's own signed link: whoever holds it is the partner" },
    ],
  },
  'POST /api/public/referrals/:token/respond': {
    calls: (b, a) => [
      { url: `/api/public/referrals/${b.referralToken.slice(0, -3)}abc/respond`, body: { decision: 'decline' }, cross: 404, signedOut: 404, why: "B's link with a tampered signature" },
      { url: `/api/public/referrals/${a.referralToken}/respond`, body: { decision: 'decline' }, cross: 409, signedOut: 409, why: "A's partner already accepted" },
    ],
  },
  'POST /api/public/referrals/:token/status': {
    calls: (b, a) => [
      { url: `/api/public/referrals/${b.referralToken.slice(0, -3)}abc/status`, body: { status: 'listed' }, cross: 404, signedOut: 404, why: "B's link with a tampered signature" },
      { url: `/api/public/referrals/${a.referralToken}/status`, body: { status: 'listed' }, signedOut: 200, cross: 409, why: "A's partner reports it listed (signed out, first), then again: already listed" },
    ],
  },
  'GET /api/deals/:id/timeline': { calls: (b) => [{ url: `/api/deals/${b.dealId}/timeline` }] },
  'GET /api/deals/:id/analyses': { calls: (b) => [{ url: `/api/deals/${b.dealId}/analyses` }] },
  'POST /api/deals/:id/analyses': { calls: (b) => [{ url: `/api/deals/${b.dealId}/analyses`, body: { inputs: {}, arv: 1, repair_estimate: 1 } }] },
  'GET /api/tasks': { calls: (b) => own200(`/api/tasks?status=all&leadId=${b.leadId}`) },
  'PATCH /api/tasks/:id': { calls: (b) => [{ url: `/api/tasks/${b.taskId}`, body: { status: 'done' } }] },
  'POST /api/voice/token': { calls: () => own200('/api/voice/token') },
  'GET /api/notifications': { calls: () => own200('/api/notifications?unread=true') },
  'POST /api/notifications/:id/read': { calls: (b) => [{ url: `/api/notifications/${b.notificationId}/read` }] },
  'POST /api/notifications/read-all': { calls: () => own200('/api/notifications/read-all') },

  'POST /api/webhooks/twilio/voice': {
    calls: (b) => [{ url: '/api/webhooks/twilio/voice', raw: form({ CallSid: b.callSid, call_id: b.callId, To: b.leadPhone, From: b.phoneNumber }), cross: 403, signedOut: 403 }],
  },
  'POST /api/webhooks/twilio/status': {
    calls: (b) => [{ url: '/api/webhooks/twilio/status', raw: form({ CallSid: b.callSid, CallStatus: 'busy', SequenceNumber: '9' }), cross: 403, signedOut: 403 }],
  },
  'POST /api/webhooks/twilio/transcription': {
    calls: (b) => [{
      url: '/api/webhooks/twilio/transcription',
      raw: form({ CallSid: b.callSid, TranscriptionEvent: 'transcription-content', TranscriptionData: JSON.stringify({ transcript: 'forged words', confidence: 0.9 }), Track: 'inbound_track', SequenceId: '99', Final: 'true' }),
      cross: 403, signedOut: 403,
    }],
  },
  'POST /api/webhooks/twilio/sms': {
    calls: (b) => [{ url: '/api/webhooks/twilio/sms', raw: form({ MessageSid: `SM${'9'.repeat(32)}`, From: b.leadPhone, To: b.phoneNumber, Body: 'STOP' }), cross: 403, signedOut: 403 }],
  },
  'POST /api/webhooks/twilio/sms-status': {
    calls: (b) => [{ url: '/api/webhooks/twilio/sms-status', raw: form({ MessageSid: `SM${'8'.repeat(32)}`, MessageStatus: 'failed' }), cross: 403, signedOut: 403 }],
  },

  'POST /api/enrichment/property': {
    calls: (b) => [{ url: '/api/enrichment/property', body: { address: '987 Obsidian Heron Way, Austin, TX', organizationId: b.organizationId }, cross: 200, signedOut: 200 }],
  },
  'POST /api/access-requests': {
    calls: () => [{ url: '/api/access-requests', body: { name: 'Proof Visitor', email: 'proof@example.com' }, cross: 202, signedOut: 202 }],
  },
  'GET /api/maps/key': {
    calls: () => [{ url: '/api/maps/key', signedOut: 404, why: 'no Maps key in the test configuration' }],
  },
  'GET /api/ai/health': { calls: () => own200('/api/ai/health') },
  'POST /api/ai/chat': { calls: () => own200('/api/ai/chat', { messages: [{ role: 'user', content: 'Hello' }] }) },
  'POST /api/coaching/suggestions': {
    calls: (b) => [
      { url: '/api/coaching/suggestions', body: { leadId: b.leadId, transcript: [{ speaker: 'lead', text: 'What would you offer?', timestamp: 1 }] } },
      { url: '/api/coaching/suggestions', body: { callSid: b.callSid, transcript: [{ speaker: 'lead', text: 'What would you offer?', timestamp: 1 }] } },
      {
        url: '/api/coaching/suggestions',
        body: { leadContext: { id: b.leadId, owner_name: 'Owner' }, transcript: [{ speaker: 'lead', text: 'What would you offer?', timestamp: 1 }], callStatus: 'active' },
      },
    ],
  },
  'POST /api/coaching/scripts': {
    calls: (b) => [
      { url: '/api/coaching/scripts', body: { leadId: b.leadId, messages: [{ speaker: 'lead', text: 'Is this legit?', timestamp: 1 }] } },
      { url: '/api/coaching/scripts', body: { callSid: b.callSid, messages: [{ speaker: 'lead', text: 'Is this legit?', timestamp: 1 }] } },
    ],
  },

  'GET /api/dnc': {
    calls: (b) => [...own200(`/api/dnc?search=${encodeURIComponent(b.dncPhone.slice(2))}&limit=200`), ...own200('/api/dnc?search=proof&offset=1')],
  },
  'POST /api/dnc': { calls: () => [{ url: '/api/dnc', body: { phone: '+15125550188', reason: 'Asked not to be called' }, cross: 201, why: "lists a number on the caller's own list" }] },
  'DELETE /api/dnc/:phone': {
    calls: (b) => [
      { url: `/api/dnc/${encodeURIComponent(b.dncPhone)}?reason=${encodeURIComponent('Proof removal')}` },
      { url: `/api/dnc/${b.dncPhone.slice(1)}`, body: { reason: 'Proof removal', confirm_opt_out_override: true } },
    ],
  },
  'POST /api/dnc/import': {
    calls: () => [{
      url: '/api/dnc/import', raw: { payload: 'phone,reason\r\n+15125550189,Proof import\r\n', contentType: 'text/csv' },
      cross: 200, why: "imports into the caller's own list",
    }],
  },
  'GET /api/dnc/export.csv': { calls: () => own200('/api/dnc/export.csv') },

  'POST /api/conversations': { calls: (b) => [{ url: '/api/conversations', body: { lead_id: b.leadId, body: 'Hello from A' } }] },
  'GET /api/conversations': { calls: (b) => [{ url: `/api/conversations?lead_id=${b.leadId}` }] },
  'GET /api/conversations/threads': { calls: (b) => own200(`/api/conversations/threads?search=${encodeURIComponent(b.leadPhone.slice(2))}`) },
  'GET /api/conversations/check': { calls: (b) => [{ url: `/api/conversations/check?leadId=${b.leadId}` }] },
  'POST /api/conversations/:leadId/read': { calls: (b) => [{ url: `/api/conversations/${b.leadId}/read` }] },
  'POST /api/conversations/:id/analyze': { calls: (b) => [{ url: `/api/conversations/${b.conversationId}/analyze` }] },
  'GET /api/conversations/:id/analysis': { calls: (b) => [{ url: `/api/conversations/${b.conversationId}/analysis` }] },
  'GET /api/calls/:id/transcript': { calls: (b) => [{ url: `/api/calls/${b.callId}/transcript` }] },
  'POST /api/calls/:id/analyze': { calls: (b) => [{ url: `/api/calls/${b.callId}/analyze` }] },
};

/** The `{error:{code,message}}` of an answer, or null when it has none (a non-empty message is required). */
export function errorOf(body: string): { code: string; message: string } | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = parsed.error ?? {};
    return typeof code === 'string' && typeof message === 'string' && message.trim() !== '' ? { code, message } : null;
  } catch {
    return null;
  }
}

/** Sends one call of the table as a browser of the app would: its Origin (another, or none when null) and the cookie when given. */
export function sendCall(t: TestApp, method: string, call: RouteCall, cookie?: string, origin: string | null = ORIGIN) {
  const headers: Record<string, string> = { ...(origin === null ? {} : { origin }), ...(cookie ? { cookie } : {}) };
  let payload: string | Buffer | undefined;
  if (call.raw) {
    headers['content-type'] = call.raw.contentType;
    payload = call.raw.payload;
  } else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(call.body);
  }
  return t.app.inject({ method: method as 'GET', url: call.url, headers, payload });
}

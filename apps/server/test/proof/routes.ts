import crypto from 'node:crypto';
import type { FastifyRequest, preParsingAsyncHookHandler, RouteOptions } from 'fastify';
import type { RouteAccess } from '../../src/http/access';
import { ORIGIN, type TestApp } from '../harness';
import { BUSINESS_ROUTES } from './route-table-business';
import { WEBHOOK_ROUTES } from './route-table-webhooks';
import { own200, randomToken, type RouteCall, type RouteSpec } from './route-spec';

export type { RouteCall, RouteSpec } from './route-spec';

/** A registered route as the app's onRoute hook saw it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  websocket: boolean;
  schema: RouteOptions['schema'];
  /** Who may call it, as the route declares (config.access), and why when it is public. */
  access: RouteAccess;
  publicBecause?: string;
  /** The scope with which an API key may call it (config.apiKey), if any. */
  apiKey?: string;
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
      const { access, publicBecause, apiKey } = route.config ?? {};
      if (!access) throw new Error(`${method} ${route.url} reached the collector without config.access`);
      routes.push({ method, url: route.url, websocket: Boolean(route.websocket || route.wsHandler), schema: route.schema, access, publicBecause, apiKey });
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

const form = (params: Record<string, string>) => ({ payload: new URLSearchParams(params).toString(), contentType: 'application/x-www-form-urlencoded' });
const docs = (url: string): RouteSpec => ({ calls: () => [{ url, cross: 200, signedOut: 200 }] });

/**
 * Every registered route and how to call it; who may call it is the route's own declaration (config.access), read
 * by the route collector. The isolation suite calls each with org B's ids as org A's user and signed out; the
 * hostile-input suite mutates the bodies and queries of the same calls made with the caller's own ids. A route that is registered but missing here fails both suites.
 */
export const ROUTE_TABLE: Record<string, RouteSpec> = {
  ...BUSINESS_ROUTES,
  ...WEBHOOK_ROUTES,
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
  'GET /api/api-keys': { calls: () => own200('/api/api-keys') },
  'GET /api/onboarding': { calls: () => own200('/api/onboarding') },
  'POST /api/onboarding/dismiss': { calls: () => own200('/api/onboarding/dismiss', { dismissed: false }) },
  'POST /api/api-keys': { calls: () => [{ url: '/api/api-keys', body: { name: 'Proof key', scopes: ['leads:read'] }, cross: 201, why: 'a key of the caller\'s own organization' }] },
  'DELETE /api/api-keys/:id': { calls: (b) => [{ url: `/api/api-keys/${b.apiKeyId}` }] },
  'GET /api/integrations': { calls: () => own200('/api/integrations') },
  'POST /api/integrations/:id/test': {
    calls: () => [{ url: '/api/integrations/storage/test', body: {}, cross: 200, why: "a check of the caller's own organization's storage (nothing of another organization's is named)" }],
  },
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
      ...own200('/api/leads?created_after=2026-01-01T05:00:00Z'),
    ],
  },
  // One call an export, with filters that match everything: the caller's whole organization, every column.
  'GET /api/leads/export.csv': { calls: () => own200('/api/leads/export.csv?created_after=1900-01-01T00:00:00Z') },
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
  'GET /api/calls/export.csv': { calls: () => own200('/api/calls/export.csv?started_after=1900-01-01T00:00:00Z') },
  'PUT /api/calls/settings': { calls: () => own200('/api/calls/settings', { enforceHours: true, callsPerNumberPer24h: 3 }) },
  'GET /api/calls/check': {
    calls: (b) => [{ url: `/api/calls/check?leadId=${b.leadId}` }, { url: `/api/calls/check?leadId=${b.leadId}&to=${encodeURIComponent(b.leadPhone)}` }],
  },
  'POST /api/calls': { calls: (b) => [{ url: '/api/calls', body: { lead_id: b.leadId, from_e164: b.phoneNumber, to_e164: b.leadPhone } }] },
  'GET /api/calls': { calls: (b) => [{ url: `/api/calls?lead_id=${b.leadId}`, cross: 200, why: "another organization's lead matches none of the caller's calls" }] },
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
  'GET /api/dnc/export.csv': { calls: () => own200('/api/dnc/export.csv?columns=phone_number,source,reason,lead_id,added_by,created_at') },
  'GET /api/texts/export.csv': { calls: () => own200('/api/texts/export.csv?created_after=1900-01-01T00:00:00Z') },

  'POST /api/conversations': { calls: (b) => [{ url: '/api/conversations', body: { lead_id: b.leadId, body: 'Hello from A' } }] },
  'GET /api/conversations': { calls: (b) => [{ url: `/api/conversations?lead_id=${b.leadId}` }] },
  'GET /api/conversations/threads': { calls: (b) => own200(`/api/conversations/threads?search=${encodeURIComponent(b.leadPhone.slice(2))}`) },
  'GET /api/conversations/check': { calls: (b) => [{ url: `/api/conversations/check?leadId=${b.leadId}` }] },
  'POST /api/conversations/:leadId/read': { calls: (b) => [{ url: `/api/conversations/${b.leadId}/read` }] },
  'POST /api/conversations/:id/analyze': { calls: (b) => [{ url: `/api/conversations/${b.conversationId}/analyze` }] },
  'GET /api/conversations/:id/analysis': { calls: (b) => [{ url: `/api/conversations/${b.conversationId}/analysis` }] },
  'GET /api/orchestrator/feed': {
    calls: (b) => [
      ...own200('/api/orchestrator/feed?limit=100'),
      { url: `/api/orchestrator/feed?lead_id=${b.leadId}`, cross: 200, why: "another organization's lead matches nothing in the caller's feed" },
      { url: `/api/orchestrator/feed?sequence_id=${b.sequenceId}&outcome=due`, cross: 200, why: "another organization's sequence matches nothing in the caller's feed" },
    ],
  },
  'GET /api/orchestrator/diagnostics': { calls: () => own200('/api/orchestrator/diagnostics') },
  'POST /api/orchestrator/jobs/:id/retry': { calls: (b) => [{ url: `/api/orchestrator/jobs/${b.failedJobId}/retry` }] },
  'POST /api/orchestrator/jobs/:id/discard': { calls: (b) => [{ url: `/api/orchestrator/jobs/${b.failedJobId}/discard` }] },
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

/**
 * Sends one call of the table as a browser of the app would: its Origin (another, or none when null) and the cookie
 * when given; or, with `apiKey`, as a script would: the key as a bearer token, no cookie and no Origin.
 */
export function sendCall(t: TestApp, method: string, call: RouteCall, cookie?: string, origin: string | null = ORIGIN, apiKey?: string) {
  const headers: Record<string, string> = apiKey
    ? { authorization: `Bearer ${apiKey}` }
    : { ...(origin === null ? {} : { origin }), ...(cookie ? { cookie } : {}) };
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

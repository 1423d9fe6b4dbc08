import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { routeCollector, routeKey, type RegisteredRoute } from '../../test/proof/routes';

/** Routes with nothing for a response schema to describe; every other API route declares one, and a new route must too. */
const UNTYPED = new Set<string>([
  // 204 No Content: nothing to describe.
  'DELETE /api/organization/invitations/:id', 'DELETE /api/leads/:id', 'DELETE /api/buyers/:id', 'DELETE /api/phone-numbers/:id',
  'POST /api/calls/:id/dtmf', 'DELETE /api/referral-partners/:id', 'POST /api/public/deal-rooms/:slug/views/:viewId/heartbeat',
  'DELETE /api/sequences/:id', 'DELETE /api/sequences/:id/enrollments/:leadId', 'DELETE /api/automation-rules/:id', 'DELETE /api/api-keys/:id',
  'DELETE /api/webhook-endpoints/:id',
  // Not JSON: the CSV exports (docs/exports.md), a room's photos (images), the buyer's unsubscribe page (HTML).
  'GET /api/dnc/export.csv', 'GET /api/leads/export.csv', 'GET /api/buyers/export.csv', 'GET /api/calls/export.csv', 'GET /api/texts/export.csv',
  'GET /api/deals/export.csv', 'GET /api/deals/:id/room/photos/:photoId', 'GET /api/public/deal-rooms/:slug/photos/:photoId', 'GET /api/public/buyers/unsubscribe/:token',
]);

/** Not JSON the API describes: websockets, better-auth's own endpoints, the docs and web app's static files, Twilio's webhooks (TwiML). */
const outOfScope = (r: RegisteredRoute) =>
  r.websocket || r.method === 'HEAD' || !r.url.startsWith('/api/') || r.url.startsWith('/api/auth/') || r.url.startsWith('/api/docs') || r.url.startsWith('/api/webhooks/twilio/');

const hasSuccessSchema = (r: RegisteredRoute) => {
  const response = (r.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
  return Object.keys(response).some((status) => /^2(\d\d|xx)$/.test(status));
};

describe('response schemas', () => {
  const collected = routeCollector();
  useTestApp('pglite', {}, { onRoute: collected.onRoute });

  it('every API route declares what it returns, or is on the commented list of routes with nothing to describe', () => {
    const routes = collected.routes.filter((r) => !outOfScope(r));
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !hasSuccessSchema(r) && !UNTYPED.has(routeKey(r))).map(routeKey);
    expect(missing).toEqual([]);
  });

  it('the list names only routes that exist and have no response schema', () => {
    const untyped = new Set(collected.routes.filter((r) => !outOfScope(r) && !hasSuccessSchema(r)).map(routeKey));
    expect([...UNTYPED].filter((key) => !untyped.has(key))).toEqual([]);
  });
});

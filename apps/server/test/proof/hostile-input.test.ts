import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel } from '../../src/http/field-label';
import { DB_KINDS, ORIGIN } from '../harness';
import { useFakeLlm } from '../llm-server';
import { DEEP, inputsFor, type Input, type Target } from './hostile-inputs';
import { errorOf, ROUTE_TABLE, routeKey, tableRoutes, type RegisteredRoute } from './routes';
import { FAST_DEMO_ENV, LOOK_A, useProofApp } from './seed';

/** What is wrong with an answer to a hostile request, or null. */
function verdict(target: Target, input: Input, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  if (target.spec.betterAuth) {
    // better-auth's own errors are {code?, message}; the app's (invalid JSON, body limit) are the contract's.
    const own = (() => {
      try {
        return (JSON.parse(res.body) as { message?: unknown }).message;
      } catch {
        return undefined;
      }
    })();
    return (typeof own === 'string' && own.trim() !== '') || errorOf(res.body) ? null : 'answered without a message';
  }
  const error = errorOf(res.body);
  if (!error) return 'answered without {error:{code,message}}';
  if (error.code === 'VALIDATION_ERROR') {
    // "field: what is wrong" (several joined by '; '), the field path as the request has it; a generated
    // field name may hold a colon itself.
    const label = input.field === undefined ? undefined : fieldLabel(input.field);
    const namesInput = label !== undefined && error.message.startsWith(`${label}: `);
    // A quoted (escaped) name may hold anything but an unescaped quote; a plain one no colon.
    const named = /^(?:"(?:[^"\\]|\\.)*"|[^:"]{1,300})(?:\.(?:"(?:[^"\\]|\\.)*"|[^:".]+))*: \S/.test(error.message);
    if (!namesInput && !named) return 'a validation error that names no field';
    if (label && input.wrongType && !error.message.includes(label)) return `a wrong ${input.field} answered a message that does not name it`;
  }
  return null;
}

/**
 * Validation runs before any query and PostgreSQL behaves alike embedded or not, so the fuzz runs on PGlite only
 * (PROOF_FUZZ_ALL_KINDS=1 runs it on PostgreSQL too); PROOF_FUZZ_RUNS sets the inputs per call (30: under a
 * minute with the seed).
 */
const FUZZ_KINDS = process.env.PROOF_FUZZ_ALL_KINDS ? DB_KINDS : (['pglite'] as const);
const RUNS = Number(process.env.PROOF_FUZZ_RUNS ?? 30);
/** The fuzz's time grows with the routes: a second per route of the table at 30 inputs a call, never under two minutes. */
const FUZZ_TIMEOUT_MS = Math.max(120_000, Object.keys(ROUTE_TABLE).length * 1000) * Math.max(1, RUNS / 30);
/**
 * CI fuzzes with a fixed seed, so a run fails only when the code changed; change it on purpose to explore
 * anew. PROOF_FUZZ_SEED=<seed> replays a failure; PROOF_FUZZ_SEED=random (`npm run fuzz`) picks one per run.
 */
const FIXED_SEED = 20261124;
const SEED = process.env.PROOF_FUZZ_SEED === 'random' ? undefined : Number(process.env.PROOF_FUZZ_SEED ?? FIXED_SEED);

describe.each(FUZZ_KINDS)('hostile input on %s', (kind) => {
  // BatchData "configured" with a lookup that finds nothing: manual enrichment runs (without it, its 503 is the answer).
  const env: Record<string, string> = { ...FAST_DEMO_ENV, BATCHDATA_API_KEY: 'proof-batchdata-key' };
  useFakeLlm(env);
  const p = useProofApp(kind, env, [LOOK_A]);
  const { t } = p;
  beforeAll(() => {
    t.app.services.enrichment.lookupProperty = async () => ({ success: true });
  });

  /** Valid mutations change A's records: put back what the next routes rely on (coaching on, the lead callable, the number active). */
  const restore = async () => {
    // A valid body may have listed the lead's number (a DNC mark, an import): clearing the lead needs it off the list.
    await t.database.db.deleteFrom('dnc_numbers').where('organization_id', '=', p.a.ids.organizationId).execute();
    for (const [method, url, body] of [
      ['PUT', '/api/organization/settings', { aiIntegration: { enableRealTimeCoaching: true } }],
      ['PATCH', `/api/leads/${p.a.ids.leadId}`, { dnc_status: false, contact_1_phone1: LOOK_A.phone }],
      ['PATCH', `/api/phone-numbers/${p.a.ids.phoneNumberId}`, { is_active: true, is_primary: true }],
    ] as const) {
      const res = await t.request(method, url, { cookie: p.a.cookie, body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
  };

  it('documents every HTTP route of the route table in the OpenAPI document at /api/docs/json', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const documented = new Set(
      Object.entries(res.json().paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1').replace(/:\*$/, '*')}`),
      ),
    );
    const excluded = (r: RegisteredRoute) => r.method === 'HEAD' || r.url.startsWith('/api/docs');
    const missing = tableRoutes(p.routes).filter((r) => !excluded(r)).map(routeKey).filter((k) => !documented.has(k));
    // The documentation's own routes (and fastify's HEAD twins of GET routes) are the only ones left out.
    expect(missing).toEqual([]);
    const table = new Set(tableRoutes(p.routes).map(routeKey));
    expect([...documented].filter((k) => !table.has(k))).toEqual([]);
  });

  it('answers the inputs the fuzz found answered with a 500 or outside the error contract (regressions)', async () => {
    const send = (method: string, url: string, payload?: string, contentType = 'application/json') =>
      t.app.inject({ method: method as 'POST', url, headers: { origin: ORIGIN, cookie: p.a.cookie, ...(payload === undefined ? {} : { 'content-type': contentType }) }, payload });
    const cases: Array<[Promise<LightMyRequestResponse>, number, string, RegExp]> = [
      // better-auth wrote any JSON value to users.name (null: a NOT NULL violation), also by another spelling of its path.
      [send('POST', '/api/auth/update-user', '{"name":null}'), 400, 'VALIDATION_ERROR', /^name: /],
      [send('POST', '/api/auth/./update-user', '{"name":null}'), 400, 'VALIDATION_ERROR', /^name: /],
      [send('POST', '/api/auth/update-user', '{"name":-1e309}'), 400, 'VALIDATION_ERROR', /^name: /],
      // A lone surrogate in a redirect threw inside better-auth (fuzz seed -1801815429).
      [send('POST', '/api/auth/request-password-reset', JSON.stringify({ email: p.a.ids.email, redirectTo: '\ud800' })), 400, 'VALIDATION_ERROR', /^redirectTo: /],
      // A 10,000-deep array was a RangeError when the body was stringified for better-auth.
      ...['/api/auth/sign-in/email', '/api/auth/reset-password', '/api/auth/change-password', '/api/auth/revoke-session'].map(
        (url): [Promise<LightMyRequestResponse>, number, string, RegExp] => [send('POST', url, `{"password":${DEEP},"newPassword":${DEEP},"token":${DEEP}}`), 400, 'BODY_TOO_DEEP', /^body: nests arrays and objects more than 32 levels/],
      ),
      // A number beyond the integer column was PostgreSQL's "out of range for type integer".
      [send('POST', '/api/leads', JSON.stringify({ property_address_state: 'TX', year_built: 3_000_000_000 })), 400, 'VALIDATION_ERROR', /^year_built: must be at most 2147483647/],
      [send('PATCH', `/api/leads/${p.a.ids.leadId}`, JSON.stringify({ year_built: 3_000_000_000 })), 400, 'VALIDATION_ERROR', /^year_built: must be at most 2147483647/],
      // An empty PATCH compiled to an UPDATE without columns.
      [send('PATCH', `/api/phone-numbers/${p.a.ids.phoneNumberId}`, '{}'), 200, '', /./],
      // PostgreSQL text cannot hold NUL; a key holding one (and a colon) is named in its escaped form.
      [send('POST', '/api/webhooks/twilio/sms', 'a%3A%00b=1', 'application/x-www-form-urlencoded'), 400, 'VALIDATION_ERROR', /^"a:\\u0000b": contains a NUL/],
      [send('GET', '/api/calls/by-sid/a%00b/lead-context'), 400, 'VALIDATION_ERROR', /^callSid: contains a NUL/],
      [send('POST', '/api/leads', JSON.stringify({ owner_1_name: 'a\u0000b' })), 400, 'VALIDATION_ERROR', /^owner_1_name: contains a NUL/],
      [send('GET', '/api/leads?search=a%00b'), 400, 'VALIDATION_ERROR', /^search: contains a NUL/],
      // The outcome body parsed by the route named no field for a body that is not an object.
      [send('POST', `/api/calls/${p.a.ids.callId}/complete`, '5'), 400, 'VALIDATION_ERROR', /^body: /],
      // A multipart form without a boundary, or cut short, was a parser error.
      [send('POST', '/api/leads/import', 'a,b\r\n', 'multipart/form-data'), 400, 'BAD_MULTIPART', /multipart/],
      [send('POST', '/api/leads/import', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b', 'multipart/form-data; boundary=x'), 400, 'BAD_MULTIPART', /multipart/],
      // URLs the router cannot read were answered in fastify's own shape.
      [send('GET', '/api/leads/%ED%A0%80'), 400, 'FST_ERR_BAD_URL', /not a valid url/],
      [send('GET', `/api/leads/${'x'.repeat(101)}`), 414, 'FST_ERR_MAX_PARAM_LENGTH', /max param length/],
      // better-auth answered a disabled or unknown endpoint with an empty 404.
      [send('POST', '/api/auth/delete-user', '{}'), 404, 'NOT_FOUND', /No route POST \/api\/auth\/delete-user/],
      [send('GET', '/api/auth/no-such-endpoint'), 404, 'NOT_FOUND', /No route GET/],
      // A websocket route answered a plain GET with an empty 404.
      [send('GET', '/api/realtime'), 426, 'UPGRADE_REQUIRED', /websocket/],
    ];
    for (const [pending, status, code, message] of cases) {
      const res = await pending;
      expect(res.statusCode, res.body).toBe(status);
      // better-auth's endpoints answer in its own shape {code, message}, which the web client reads.
      const error = errorOf(res.body) ?? (res.statusCode >= 400 ? (res.json() as { code: string; message: string }) : null);
      if (code) expect(error, res.body).toMatchObject({ code, message: expect.stringMatching(message) });
    }
  }, 120_000); // dozens of requests at once, some with 10,000-deep bodies: seconds on a busy machine

  it('answers every generated hostile body, query and path with a 4xx naming the problem, never a 5xx, and stays up', async () => {
    const ids = { ...p.a.ids, sessionToken: 'not-a-session-token' };
    const targets: Target[] = [];
    for (const route of tableRoutes(p.routes)) {
      if (route.method === 'HEAD' || route.url.startsWith('/api/docs')) continue;
      const spec = ROUTE_TABLE[routeKey(route)];
      expect(spec, `${routeKey(route)} is missing from ROUTE_TABLE`).toBeDefined();
      for (const call of spec!.calls(ids, ids)) {
        if (call.cross === 'skip') continue;
        targets.push({ key: routeKey(route), method: route.method, route, spec: spec!, call });
      }
    }
    const fuzzed = targets.filter((x) => x.call.body !== undefined || x.call.raw || x.call.url.includes('?') || x.route.url.includes(':') || x.route.schema?.body || x.route.schema?.querystring);
    let tried = 0;
    let address = 0;
    const failures: string[] = [];
    const started = Date.now();
    for (const target of fuzzed) {
      const property = fc.asyncProperty(inputsFor(target, p.a.cookie), async (input) => {
        tried += 1;
        address += 1;
        const res = await t.app.inject({
          method: target.method as 'POST',
          url: input.url,
          headers: input.headers,
          payload: input.payload,
          // A client address per request: the per-client rate limits must not hide what the route answers.
          remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        });
        const problem = verdict(target, input, res);
        if (problem) throw new Error(`${problem}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      });
      const result = await fc.check(property, { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) });
      if (result.failed) {
        const input = result.counterexample?.[0] as Input | undefined;
        const shown = input && { ...input, url: input.url.slice(0, 200), payload: input.payload?.slice(0, 200).toString(), headers: { 'content-type': input.headers['content-type'] } };
        failures.push(`${target.key} (${target.call.url.slice(0, 80)}, seed ${result.seed}): ${(result.errorInstance as Error)?.message} ← ${JSON.stringify(shown)}`);
      }
      const health = await t.request('GET', '/api/health');
      expect(health.statusCode, `the server is down after ${target.key}`).toBe(200);
      await restore();
    }
    console.log(`hostile input (${kind}, ${SEED === undefined ? 'random seeds' : `seed ${SEED}`}): ${tried} inputs over ${fuzzed.length} calls of ${new Set(fuzzed.map((x) => x.key)).size} routes in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
  }, FUZZ_TIMEOUT_MS);
});

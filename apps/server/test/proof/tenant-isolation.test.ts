import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { withSystem } from '../../src/db/scope';
import { DB_KINDS, ORIGIN } from '../harness';
import { useFakeLlm } from '../llm-server';
import { errorOf, ROUTE_TABLE, routeKey, sendCall, tableRoutes, type RouteCall } from './routes';
import { FAST_DEMO_ENV, LOOK_A, LOOK_B, secretsOf, settled, useProofApp, type SeededOrg } from './seed';
import { openSocket, type Feed } from './sockets';
import { tenantTables } from './tenant-tables';

/** Every row of one organization in every tenant table, and its owner's account rows, as the system role reads them. */
async function snapshot(db: Parameters<typeof withSystem>[0], org: SeededOrg): Promise<Record<string, string[]>> {
  const tables = await tenantTables(db);
  return withSystem(db, async (tx) => {
    const out: Record<string, string[]> = {};
    for (const { table, column } of tables) {
      const rows = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(table)} t where ${sql.ref(column)} = ${org.ids.organizationId}`.execute(tx);
      out[table] = rows.rows.map((r) => r.row).sort();
    }
    for (const [table, column] of [['users', 'id'], ['sessions', 'user_id'], ['accounts', 'user_id']] as const) {
      const rows = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(table)} t where ${sql.ref(column)} = ${org.ids.userId}`.execute(tx);
      out[table] = rows.rows.map((r) => r.row).sort();
    }
    return out;
  });
}

describe.each(DB_KINDS)('tenant isolation, generated from the route table, on %s', (kind) => {
  const env: Record<string, string> = { ...FAST_DEMO_ENV };
  const llm = useFakeLlm(env);
  const p = useProofApp(kind, env, [LOOK_A, LOOK_B]);
  const { t } = p;
  const sockets: WebSocket[] = [];

  afterAll(() => {
    for (const s of sockets) s.terminate();
  });

  it('has an entry in the route table for every registered route, and none for a route that is gone', () => {
    const registered = tableRoutes(p.routes).map(routeKey);
    expect(registered.filter((k) => !(k in ROUTE_TABLE)), 'registered routes missing from ROUTE_TABLE (test/proof/routes.ts)').toEqual([]);
    expect(Object.keys(ROUTE_TABLE).filter((k) => !registered.includes(k)), 'ROUTE_TABLE entries with no registered route').toEqual([]);
    expect(p.routes.filter((r) => r.websocket).map((r) => r.url).sort()).toEqual(['/api/realtime', '/api/realtime', '/api/transcription-stream', '/api/transcription-stream']);
  });

  it("shows org A's user and A's API key none of org B's data, answers B's ids with 404, signed-out with 401, and changes no row of B", async () => {
    const { a, b, port } = p;
    const secrets = await secretsOf(t, b);
    expect(secrets.length).toBeGreaterThan(20);
    // The feeds are open for the whole run: A's must carry none of B's changes; B's proves B's changes are published.
    const feedA = (await openSocket(port, '/api/realtime', { cookie: a.cookie, origin: ORIGIN })) as Feed;
    const feedB = (await openSocket(port, '/api/realtime', { cookie: b.cookie, origin: ORIGIN })) as Feed;
    sockets.push(feedA.socket, feedB.socket);
    await settled(t);
    const before = await snapshot(t.database.db, b);
    llm.requests.length = 0;

    let requests = 0;
    const problems: string[] = [];
    const sentByA: string[] = [];
    const check = (label: string, call: RouteCall, method: string, res: Awaited<ReturnType<typeof sendCall>>, expected: number, betterAuth: boolean) => {
      requests += 1;
      if (res.statusCode !== expected) problems.push(`${label}: ${method} ${call.url} answered ${res.statusCode}, expected ${expected}: ${res.body.slice(0, 200)}`);
      const sent = `${call.url} ${JSON.stringify(call.body ?? '')} ${call.raw?.payload ?? ''}`;
      const seen = `${res.body} ${res.headers.location ?? ''}`;
      const leaked = secrets.filter((s) => seen.includes(s) && !sent.includes(s));
      if (leaked.length > 0) problems.push(`${label}: ${method} ${call.url} shows B's ${leaked.join(', ')}`);
      if (res.statusCode >= 400 && method !== 'HEAD' && !betterAuth) {
        if (!errorOf(res.body)) {
          problems.push(`${label}: ${method} ${call.url} error is not {error:{code,message}}: ${res.body.slice(0, 200)}`);
        }
      }
    };

    for (const route of tableRoutes(p.routes)) {
      const spec = ROUTE_TABLE[routeKey(route)]!;
      const methods = route.method === 'GET' ? ['GET', 'HEAD'] : [route.method];
      for (const call of spec.calls(b.ids, a.ids)) {
        for (const method of methods) {
          const head = method === 'HEAD' ? spec.head?.status : undefined;
          const signedOut = await sendCall(t, method, call);
          check('signed out', call, method, signedOut, head ?? call.signedOut ?? 401, Boolean(spec.betterAuth));
          if (route.access !== 'public' && (call.signedOut ?? 401) !== 401) problems.push(`${routeKey(route)} answers ${call.signedOut} signed out but is not declared public`);
          if (call.cross === 'skip') continue;
          const cross = await sendCall(t, method, call, a.cookie);
          sentByA.push(`${call.url} ${JSON.stringify(call.body ?? '')} ${call.raw?.payload ?? ''}`);
          check("A's user", call, method, cross, head ?? call.cross ?? 404, Boolean(spec.betterAuth));
          // A's API key (every scope) answers as A's user did where the route names a scope (a create made twice may
          // find its record there: 200 after 201), and is refused (403) everywhere else.
          if (route.access === 'public') continue;
          const byKey = await sendCall(t, method, call, undefined, null, a.ids.apiKey);
          const again = cross.statusCode === 201 && byKey.statusCode === 200;
          check("A's API key", call, method, byKey, !route.apiKey ? 403 : again ? 200 : cross.statusCode, Boolean(spec.betterAuth));
        }
      }
    }

    // The websocket endpoints over a real connection.
    const stream = (query: Record<string, string>, headers: Record<string, string>) => openSocket(port, `/api/transcription-stream?${new URLSearchParams(query)}`, headers);
    const refusals = [
      [await stream({ callSid: b.ids.callSid, organizationId: b.ids.organizationId }, { cookie: a.cookie, origin: ORIGIN }), 403],
      [await stream({ callSid: b.ids.callSid, organizationId: a.ids.organizationId }, { cookie: a.cookie, origin: ORIGIN }), 404],
      [await stream({ callSid: b.ids.callSid, organizationId: b.ids.organizationId }, { origin: ORIGIN }), 401],
      [await openSocket(port, '/api/realtime', { origin: ORIGIN }), 401],
    ] as const;
    requests += refusals.length;
    for (const [got, expected] of refusals) {
      if (typeof got !== 'number') got.socket.terminate();
      expect(typeof got === 'number' ? got : 101).toBe(expected);
    }
    // B's own stream opens: the refusals above are about who asks.
    const own = await stream({ callSid: b.ids.callSid, organizationId: b.ids.organizationId }, { cookie: b.cookie, origin: ORIGIN });
    expect(typeof own).not.toBe('number');
    (own as Feed).socket.terminate();

    console.log(`isolation (${kind}): ${requests} requests`);
    expect(problems).toEqual([]);

    await settled(t);
    expect(await snapshot(t.database.db, b)).toEqual(before);
    // Whatever A's requests sent the language model, none of it was B's.
    const prompts = JSON.stringify(llm.requests);
    expect(secrets.filter((s) => prompts.includes(s))).toEqual([]);

    // A change of B while both feeds are open reaches B's feed only; A's own changes reached A's.
    const marker = 'Birch feed marker 7731';
    expect((await t.request('PATCH', `/api/leads/${b.ids.leadId}`, { cookie: b.cookie, body: { notes: marker } })).statusCode).toBe(200);
    await expect.poll(() => feedB.events.some((e) => e.includes(marker)), { timeout: 5000 }).toBe(true);
    // Then one of A's: the feed keeps commit order, so once it reached A's feed, B's change would have come first.
    const ownMarker = 'Aspen feed marker 4410';
    expect((await t.request('PATCH', `/api/leads/${a.ids.leadId}`, { cookie: a.cookie, body: { notes: ownMarker } })).statusCode).toBe(200);
    await expect.poll(() => feedA.events.some((e) => e.includes(ownMarker)), { timeout: 5000 }).toBe(true);
    expect(feedA.events.length).toBeGreaterThan(0);
    const leakedToFeed = [...secrets, marker].filter((s) => feedA.events.some((e) => e.includes(s)));
    // A's own refusals are in A's audit rows (call_events, activity_logs) with the ids A sent: those are A's input.
    expect(leakedToFeed.filter((s) => !sentByA.some((sent) => sent.includes(s)))).toEqual([]);
    expect(feedA.events.filter((e) => e.includes(b.ids.organizationId))).toEqual([]);
  }, 120_000);
});

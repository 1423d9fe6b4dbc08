/**
 * The API round trips (`npm run bench -- web`): p50/p95/p99 of a few requests on the embedded database, through
 * the real server process. (The initial JavaScript of the pages is `npm run bench -- bundle`.)
 */
import { DEMO_PASSWORD, startServer } from '../e2e/support/server';
import { buildWebIfNeeded } from '../scripts/web-build.mjs';
import { figure, percentile, type BenchRow } from './report';

async function timeRequests(label: string, n: number, send: () => Promise<Response>): Promise<BenchRow> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await send();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${label}: HTTP ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(34)} n=${n}  p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`);
  return figure(`${label} p99`, Number(percentile(times, 99).toFixed(2)), 'ms');
}

export async function runWebBench(): Promise<BenchRow[]> {
  buildWebIfNeeded();
  const server = await startServer();
  try {
    const origin = server.url;
    const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'demo@wholesail.test', password: DEMO_PASSWORD }),
    });
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    return [
      await timeRequests('GET /api/health', 500, () => fetch(`${origin}/api/health`)),
      await timeRequests('GET /api/me (session + tenant tx)', 500, () => fetch(`${origin}/api/me`, { headers: { cookie } })),
      await timeRequests('GET /api/organization/settings', 500, () => fetch(`${origin}/api/organization/settings`, { headers: { cookie } })),
    ];
  } finally {
    await server.stop();
  }
}

/**
 * Prints the figures behind DESIGN.md's performance budgets that exist so far:
 * initial JavaScript of the landing and login pages (gzipped), and API round trips on the embedded
 * database. Run with `npm run bench`.
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { buildWebIfNeeded } from '../scripts/web-build.mjs';

const INITIAL_JS_BUDGET_KB = 150;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeRequests(label: string, n: number, send: () => Promise<Response>): Promise<void> {
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
}

if (process.argv[2] === 'leads') {
  const { runLeadsBench } = await import('./leads');
  await runLeadsBench(process.argv[3]);
} else if (process.argv[2] === 'transcription') {
  const { runTranscriptionBench } = await import('./transcription');
  await runTranscriptionBench(process.argv[3] ? Number(process.argv[3]) : undefined);
} else {
  await runWebAndApiBench();
}

async function runWebAndApiBench(): Promise<void> {
buildWebIfNeeded();
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const route of ['/', '/login']) {
    const page = await browser.newPage();
    const sizes: Array<Promise<number>> = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') sizes.push(res.body().then((body) => gzipSync(body).length));
    });
    await page.goto(server.url + route, { waitUntil: 'networkidle' });
    const files = sizes.length;
    const gz = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    const kb = gz / 1024;
    console.log(`initial JS ${route.padEnd(8)} ${kb.toFixed(1)} KB gzipped in ${files} files (budget ${INITIAL_JS_BUDGET_KB} KB) ${kb <= INITIAL_JS_BUDGET_KB ? 'OK' : 'OVER'}`);
    await page.close();
  }

  const origin = server.url;
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'demo@wholesail.test', password: 'wholesail-demo' }),
  });
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
  await timeRequests('GET /api/health', 500, () => fetch(`${origin}/api/health`));
  await timeRequests('GET /api/me (session + tenant tx)', 500, () => fetch(`${origin}/api/me`, { headers: { cookie } }));
  await timeRequests('GET /api/organization/settings', 500, () => fetch(`${origin}/api/organization/settings`, { headers: { cookie } }));
} finally {
  await browser.close();
  await server.stop();
}
}

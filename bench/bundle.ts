/**
 * The web bundle (`npm run bench -- bundle`): the initial JavaScript of / and /login (every script the page
 * loads until its heading shows and the network is idle, gzipped, in a fresh Chromium context) against the 150 KB budget, and the
 * largest chunks of apps/web/dist/assets. bench/web.ts measures the initial JS with the same functions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { buildWebIfNeeded } from '../scripts/web-build.mjs';
import { figure, type BenchRow } from './report';

export const INITIAL_JS_BUDGET_KB = 150;
export const INITIAL_JS_ROUTES = ['/', '/login'] as const;
const ASSETS = path.resolve(import.meta.dirname, '../apps/web/dist/assets');

export interface InitialJs {
  route: string;
  /** Sum of each script's gzipped size, in bytes. */
  gzipped: number;
  files: Array<{ name: string; gzipped: number }>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Loads each route in its own context and sums the gzipped size of the scripts it fetched. */
export async function measureInitialJs(browser: Browser, baseUrl: string, routes: readonly string[] = INITIAL_JS_ROUTES): Promise<InitialJs[]> {
  const results: InitialJs[] = [];
  for (const route of routes) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const files: Array<Promise<{ name: string; gzipped: number }>> = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const name = new URL(res.url()).pathname;
      files.push(res.body().then((body) => ({ name, gzipped: gzipSync(body).length })));
    });
    await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
    // The page is drawn (its heading shows) once its own lazy chunk ran; scripts it starts then are initial JS too.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    let seen = -1;
    while (seen !== files.length) {
      seen = files.length;
      await Promise.all(files);
    }
    const loaded = (await Promise.all(files)).sort((a, b) => b.gzipped - a.gzipped);
    results.push({ route, gzipped: loaded.reduce((sum, f) => sum + f.gzipped, 0), files: loaded });
    await context.close();
  }
  return results;
}

export function printInitialJs(results: InitialJs[], { listFiles = false } = {}): void {
  for (const { route, gzipped, files } of results) {
    const within = gzipped / 1024 <= INITIAL_JS_BUDGET_KB;
    console.log(`initial JS ${route.padEnd(8)} ${kb(gzipped)} gzipped in ${files.length} files (budget ${INITIAL_JS_BUDGET_KB} KB) ${within ? 'OK' : 'OVER'}`);
    if (listFiles) for (const file of files) console.log(`  ${kb(file.gzipped).padStart(9)}  ${file.name}`);
  }
}

/** The n largest JavaScript chunks of the build, by gzipped size. */
export function largestChunks(n = 10): Array<{ name: string; raw: number; gzipped: number }> {
  return fs
    .readdirSync(ASSETS)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const body = fs.readFileSync(path.join(ASSETS, name));
      return { name, raw: body.length, gzipped: gzipSync(body).length };
    })
    .sort((a, b) => b.gzipped - a.gzipped)
    .slice(0, n);
}

/** Prints the initial JS of each route (file by file) and the 10 largest chunks; returns them as rows. */
export async function runBundleBench(): Promise<BenchRow[]> {
  buildWebIfNeeded();
  const server = await startServer();
  const browser = await launchBrowser();
  let initial: InitialJs[];
  try {
    initial = await measureInitialJs(browser, server.url);
  } finally {
    await browser.close();
    await server.stop();
  }
  printInitialJs(initial, { listFiles: true });
  const chunks = largestChunks(10);
  console.log('largest chunks of apps/web/dist/assets (gzipped / raw):');
  for (const chunk of chunks) console.log(`  ${kb(chunk.gzipped).padStart(9)} / ${kb(chunk.raw).padStart(9)}  ${chunk.name}`);
  const inKb = (bytes: number) => Number((bytes / 1024).toFixed(1));
  return [
    ...initial.map((r) => figure(`initial JS ${r.route} (gzipped)`, inKb(r.gzipped), 'KB', { max: INITIAL_JS_BUDGET_KB })),
    ...chunks.map((c) => figure(`chunk ${c.name} (gzipped)`, inKb(c.gzipped), 'KB')),
  ];
}

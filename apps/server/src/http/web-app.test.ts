import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

function builtApp(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesail-dist-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

async function serve(dir: string) {
  const app = Fastify();
  await registerWebApp(app, dir);
  await app.ready();
  return app;
}

describe('the built web app', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves /sw.js as JavaScript that is never cached, beside the hashed files and the client routes', async () => {
    const dir = builtApp({
      'index.html': '<!doctype html><div id="root"></div>',
      'sw.js': 'self.addEventListener("install", () => {});',
      'workbox-abc123.js': 'define([], () => {});',
      'assets/index-abc.js': 'console.log(1)',
    });
    dirs.push(dir);
    const app = await serve(dir);

    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^text\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toContain('addEventListener("install"');

    const runtime = await app.inject({ method: 'GET', url: '/workbox-abc123.js' });
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers['content-type']).toMatch(/javascript/);
    expect(runtime.headers['cache-control']).toMatch(/max-age=3600/);

    const route = await app.inject({ method: 'GET', url: '/leads?page=2' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/^text\/html/);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body).toContain('<div id="root">');
    await app.close();
  });

  it('answers 404, not the app page, for a file that is not in the build (a worker or chunk of another build)', async () => {
    const dir = builtApp({ 'index.html': '<!doctype html><div id="root"></div>' });
    dirs.push(dir);
    const app = await serve(dir);
    for (const url of ['/sw.js', '/workbox-old.js', '/assets/index-old.js', '/assets/index-old.css']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    await app.close();
  });
});

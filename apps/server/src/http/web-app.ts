import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { publicScope } from './access';
import { errorBody } from './errors';

/** The service worker must be re-checked on every update check; a cached copy would pin the old app. */
const SERVICE_WORKER_FILE = 'sw.js';
/** A request for a file (by its extension) that is not in the build: a 404, never index.html served as a script. */
const FILE_REQUEST = /\.(?:m?js|css|map|json|webmanifest|png|jpe?g|gif|svg|webp|avif|ico|woff2?|txt)$/i;

/** Pages opened by secret links (a deal room's slug, a partner's referral link): never indexed, and the link never leaks in a Referer. */
const UNLISTED_PAGES = ['/deal-rooms/', '/referrals/'];
export const UNLISTED_HEADERS = { 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' } as const;

/** Serves the built web app; any non-API GET that is not a file gets index.html (client routing). */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const index = path.join(distDir, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    const serviceWorker = path.join(distDir, SERVICE_WORKER_FILE);
    await publicScope(app, 'the web app is served to everyone (it asks for sign-in itself)', (scope) => scope.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
      setHeaders: (reply, filePath) => {
        if (filePath === serviceWorker) reply.header('cache-control', 'no-cache').header('content-type', 'text/javascript; charset=utf-8');
      },
    }));
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET' || FILE_REQUEST.test(pathname)) {
      return reply.status(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${pathname}`));
    }
    if (UNLISTED_PAGES.some((prefix) => pathname.startsWith(prefix))) reply.headers(UNLISTED_HEADERS);
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
  });
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

/** Serves the built web app; any non-API GET that is not a file gets index.html (client routing). */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const index = path.join(distDir, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET') {
      return reply.status(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${pathname}`));
    }
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
  });
}

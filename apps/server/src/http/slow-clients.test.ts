import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, useTestApp, type TestApp } from '../../test/harness';
import { listenLocally, openSocket, type Feed } from '../../test/proof/sockets';

/** A raw TCP client: everything it received, and a promise of all of it once the server closes the socket. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.on('error', () => {});
  /** Sends a whole keep-alive GET and resolves with its answer's status line. */
  const get = (path: string) =>
    new Promise<string>((resolve) => {
      const before = received.length;
      const onData = () => {
        if (received.length > before && received.includes('\r\n\r\n', before)) {
          socket.off('data', onData);
          resolve(received.slice(before).split('\r\n')[0]!);
        }
      };
      socket.on('data', onData);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    });
  return { socket, connected, closed, get, received: () => received };
}

describe('slow clients', () => {
  const t = useTestApp('pglite', { REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1', MAX_CONNECTIONS_PER_IP: '4' });
  let port: number;
  let owner: Awaited<ReturnType<TestApp['createOrg']>>;

  beforeAll(async () => {
    port = await listenLocally(t);
    owner = await t.createOrg('Slow Clients');
  });

  it('answers 408 and closes a request whose headers or body never finish, while an older websocket lives on', async () => {
    const feed = (await openSocket(port, '/api/realtime', { cookie: owner.cookie, origin: ORIGIN })) as Feed;
    const slowHeaders = rawClient(port);
    await slowHeaders.connected;
    slowHeaders.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const slowBody = rawClient(port);
    await slowBody.connected;
    slowBody.socket.write('POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em');

    expect(await slowHeaders.closed).toMatch(/^HTTP\/1\.1 408 /);
    expect(await slowBody.closed).toMatch(/^HTTP\/1\.1 408 /);
    // The websocket opened before both has outlived the request timeout, and still answers.
    expect(feed.socket.readyState).toBe(feed.socket.OPEN);
    const pong = new Promise<void>((resolve) => feed.socket.once('pong', () => resolve()));
    feed.socket.ping();
    await pong;
    const gone = new Promise<void>((resolve) => feed.socket.once('close', () => resolve()));
    feed.socket.close();
    await gone;
  });

  it('closes a connection past MAX_CONNECTIONS_PER_IP from one address with 503, and takes one again once another closes', async () => {
    const held = [rawClient(port), rawClient(port), rawClient(port), rawClient(port)];
    for (const client of held) expect(await client.get('/api/health')).toBe('HTTP/1.1 200 OK');
    const over = rawClient(port);
    const answer = await over.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(answer).toContain('Too many open connections from your address.');

    const left = new Promise<void>((resolve) => held[0]!.socket.once('close', () => resolve()));
    held[0]!.socket.destroy();
    await left;
    // The server hears of the close a moment after the client: a new connection is taken once it has.
    let status = '';
    for (let attempt = 0; attempt < 50 && status !== 'HTTP/1.1 200 OK'; attempt += 1) {
      const next = rawClient(port);
      status = await Promise.race([next.get('/api/health'), next.closed.then((all) => all.split('\r\n')[0]!)]);
      if (status !== 'HTTP/1.1 200 OK') continue;
      next.socket.destroy();
    }
    expect(status).toBe('HTTP/1.1 200 OK');
    for (const client of held) client.socket.destroy();
  });
});

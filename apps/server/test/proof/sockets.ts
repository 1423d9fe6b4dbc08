import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { TestApp } from '../harness';

/** Starts the app on a free local port (websockets need a real server); returns the port. */
export async function listenLocally(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** An open socket and the messages it received. */
export type Feed = { socket: WebSocket; events: string[] };

/** Opens a websocket: the open socket, or the HTTP status that refused the handshake. */
export function openSocket(port: number, path: string, headers: Record<string, string>): Promise<Feed | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    const feed: Feed = { socket, events: [] };
    socket.on('message', (data) => feed.events.push(String(data)));
    socket.once('open', () => resolve(feed));
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('error', reject);
  });
}

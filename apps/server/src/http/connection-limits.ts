import type { Server, Socket } from 'node:net';

const OVER_LIMIT_TEXT = 'Too many open connections from your address. Close some and try again.\n';
/** What a client over its connection limit reads before the socket closes: plain HTTP, so a browser shows a status. */
const OVER_LIMIT = `HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 5\r\nContent-Type: text/plain\r\nContent-Length: ${OVER_LIMIT_TEXT.length}\r\n\r\n${OVER_LIMIT_TEXT}`;

/**
 * At most `max` open connections per client socket address (0: no limit): slow clients holding sockets open cannot
 * take every one the server has. Counted on the TCP address, so behind a proxy all clients share the proxy's count.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.end(OVER_LIMIT);
      socket.destroySoon();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

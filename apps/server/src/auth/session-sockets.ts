import type { WebSocket } from '@fastify/websocket';
import type { SessionContext } from './session';

/** How often open sockets are checked even without a change: a session can also just expire. */
const SWEEP_MS = 60_000;
/** Close code a client sees when its session ended (an application code: 4000 + the HTTP status). */
export const SESSION_ENDED_CODE = 4401;

type Check = (headers: Headers, options: { renew: false }) => Promise<SessionContext | null>;

interface Held {
  headers: Headers;
  organizationId: string;
  /** Messages kept back while the session is being checked again; null while none is. */
  held: string[] | null;
}

/** Sends a message on a held socket (kept back while its session is being checked again). */
export type SocketSend = (message: string) => void;

/**
 * The websockets of signed-in sessions. After any change to sessions, users or memberships (sign-out, revocation,
 * a password change, removal from the organization) and once a minute (expiry), each socket's session is looked
 * up again; a socket whose session ended, or whose user is no longer in the socket's organization, is closed.
 * From the change until its check passes, what the socket would be sent is kept back, so a socket whose session
 * ended is sent nothing after the change, however the check and the next record race.
 */
export class SessionSockets {
  readonly #open = new Map<WebSocket, Held>();
  readonly #timer: NodeJS.Timeout;
  #running: Promise<void> | null = null;
  #again = false;

  constructor(private readonly check: Check, sweepMs = SWEEP_MS) {
    this.#timer = setInterval(() => this.recheck(), sweepMs).unref();
  }

  /** Keeps `socket` open only as long as the session behind `headers` lasts in `organizationId`; returns its sender. */
  hold(socket: WebSocket, headers: Headers, organizationId: string): SocketSend {
    const entry: Held = { headers, organizationId, held: null };
    this.#open.set(socket, entry);
    socket.once('close', () => this.#open.delete(socket));
    return (message) => {
      if (entry.held) entry.held.push(message);
      else if (socket.readyState === socket.OPEN) socket.send(message);
    };
  }

  /** Checks every held socket; a call while a check runs makes one more run after it (changes come in bursts). */
  recheck(): void {
    for (const entry of this.#open.values()) entry.held ??= [];
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#checkAll().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        this.recheck();
      }
    });
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  async #checkAll(): Promise<void> {
    for (const [socket, entry] of [...this.#open]) {
      const session = await this.check(entry.headers, { renew: false }).catch(() => undefined);
      if (session === null || (session && session.organizationId !== entry.organizationId)) {
        this.#open.delete(socket);
        entry.held = null;
        socket.close(SESSION_ENDED_CODE, 'Session ended');
        continue;
      }
      // Still signed in (or the lookup failed, the database away for a moment: the next change or sweep checks again).
      const kept = entry.held ?? [];
      entry.held = null;
      for (const message of kept) if (socket.readyState === socket.OPEN) socket.send(message);
    }
  }
}

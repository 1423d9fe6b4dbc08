import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, vi } from 'vitest';
import { poll } from './poll';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** How the receiver answers one request: a status (and body, headers), or never (the sender's timeout). */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every request, answers each with the next answer
 * queued for its path (200 "ok" when none is), and verifies signatures with the standardwebhooks package.
 */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers = new Map<string, Answer[]>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.get(req.url ?? '/')?.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'hang') return void hanging.add(res);
      res.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    /** Answers the next requests to `path` with these, in order. */
    answer: (path: string, ...next: Answer[]) => void answers.set(path, [...(answers.get(path) ?? []), ...next]),
    /** Waits until `count` requests have arrived (at `path`, when given). */
    waitFor: (count: number, path?: string) =>
      poll(`${count} webhook requests${path ? ` at ${path}` : ''}`, async () => {
        const list = path ? received.filter((r) => r.path === path) : received;
        return list.length >= count ? list : null;
      }),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A receiver started before the suite and closed after it; the returned object forwards to it once it runs. */
export function useReceiver(): Receiver {
  let current: Receiver | undefined;
  beforeAll(async () => {
    current = await startReceiver();
  });
  afterAll(() => current?.close());
  return new Proxy({} as Receiver, {
    get(_target, key) {
      if (!current) throw new Error('the webhook receiver is not started yet');
      return current[key as keyof Receiver];
    },
  });
}

/** The payload if `secret` verifies the request (standardwebhooks' Webhook.verify), else the error it threw. */
export function verifyWith(secret: string, request: ReceivedWebhook): unknown {
  try {
    return new Webhook(secret).verify(request.body, request.headers);
  } catch (error) {
    return error;
  }
}

/**
 * Webhook.verify as a receiver would run it at the request's own time (`webhook-timestamp`), for requests a test
 * signed with a moved clock. verify is synchronous, so the stubbed Date.now touches nothing else.
 */
export function verifyAtItsTime(secret: string, request: ReceivedWebhook): unknown {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(Number(request.headers['webhook-timestamp']) * 1000);
  try {
    return verifyWith(secret, request);
  } finally {
    spy.mockRestore();
  }
}

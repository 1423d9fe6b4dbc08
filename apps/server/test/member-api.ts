import { expect } from 'vitest';
import type { TestApp } from './harness';

type Method = Parameters<TestApp['request']>[0];
type Caller = { cookie: string };

/** A member's JSON calls to the test app: `call` answers status and body; `ok` also asserts the status, naming the route. */
export function memberApi(t: TestApp) {
  const call = async (who: Caller, method: Method, url: string, body?: unknown) => {
    const res = await t.request(method, url, { cookie: who.cookie, body });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const ok = async (who: Caller, method: Method, url: string, body?: unknown, status = 200) => {
    const res = await call(who, method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  };
  return { call, ok };
}

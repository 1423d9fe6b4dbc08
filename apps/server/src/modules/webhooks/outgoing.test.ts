import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { poll } from '../../../test/poll';
import { useReceiver } from '../../../test/webhook-receiver';
import { nonPublicAddress, parseAllowedHosts } from './addresses';
import { postWebhook, type Resolver } from './outgoing';

/** A resolver that answers `addresses` for every name, as a hostile DNS server could. */
const resolvingTo = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('outgoing webhook requests', () => {
  const receiver = useReceiver();
  const body = JSON.stringify({ type: 'test.ping' });
  const post = (url: string, resolve: Resolver, allowed = '', timeoutMs = 10_000) =>
    postWebhook({ url, body, headers: { 'content-type': 'application/json' } }, { allowed: parseAllowedHosts(allowed), resolve, timeoutMs });

  it('classifies only global unicast addresses as public, IPv4-mapped IPv6 as its IPv4', () => {
    expect(nonPublicAddress('93.184.216.34')).toBeNull();
    expect(nonPublicAddress('2606:4700:4700::1111')).toBeNull();
    expect(nonPublicAddress('::ffff:93.184.216.34')).toBeNull();
    expect(Object.fromEntries(['127.0.0.1', '10.0.0.8', '172.16.4.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1'].map((a) => [a, nonPublicAddress(a)]))).toEqual({
      '127.0.0.1': 'a loopback address', '10.0.0.8': 'a private network address', '172.16.4.4': 'a private network address', '192.168.1.1': 'a private network address',
      '169.254.169.254': 'a link-local address', '100.64.0.1': 'a carrier-grade NAT address', '0.0.0.0': 'the unspecified address', '224.0.0.1': 'a multicast address',
      '255.255.255.255': 'the broadcast address', '::1': 'a loopback address', '::': 'the unspecified address', 'fe80::1': 'a link-local address',
      'fc00::1': 'a unique-local address', 'fd12::1': 'a unique-local address', 'ff02::1': 'a multicast address', '::ffff:127.0.0.1': 'a loopback address',
      '::ffff:10.0.0.1': 'a private network address', '64:ff9b::a00:1': 'a non-public address (rfc6052)',
    });
  });

  it('refuses at connect time a host name that resolves to a non-public address, naming it; nothing reaches the receiver', async () => {
    const before = receiver.received.length;
    for (const address of ['127.0.0.1', '10.0.0.8', '169.254.169.254', '::1', 'fc00::1', '::ffff:127.0.0.1']) {
      const result = await post(`https://rebind.example.test:${receiver.port}/hook`, resolvingTo(address));
      expect(result, address).toMatchObject({ statusCode: null, error: `rebind.example.test resolves to ${address}, ${nonPublicAddress(address)}: webhooks are not sent to private networks` });
    }
    // One private address among public ones is enough to refuse.
    expect((await post('https://mixed.example.test/', resolvingTo('93.184.216.34', '127.0.0.1'))).error).toMatch(/^mixed\.example\.test resolves to 127\.0\.0\.1/);
    expect(receiver.received.length).toBe(before);
  });

  it('refuses a literal non-public address and plain http unless the host is allowed, then sends', async () => {
    const never = resolvingTo();
    expect((await post(`https://127.0.0.1:${receiver.port}/hook`, never)).error).toBe('Not sent: 127.0.0.1 is a loopback address: webhooks are not sent to private networks');
    expect((await post(`https://[::ffff:127.0.0.1]:${receiver.port}/hook`, never)).error).toMatch(/^Not sent: ::ffff:7f00:1 is a loopback address/);
    expect((await post('http://hooks.example.com/', never)).error).toBe('Not sent: plain http is only for hosts listed in WEBHOOK_ALLOWED_HOSTS');
    // Allowed on another port only: still refused.
    expect((await post(receiver.url('/allowed'), never, `127.0.0.1:${receiver.port + 1}`)).error).toMatch(/^Not sent: plain http/);
    expect(await post(receiver.url('/allowed'), never, `127.0.0.1:${receiver.port}`)).toMatchObject({ statusCode: 200, error: null, responseBody: 'ok' });
    expect(await post(receiver.url('/allowed'), never, '127.0.0.1')).toMatchObject({ statusCode: 200, error: null });
  });

  it('does not follow a redirect, gives up on a silent receiver at the timeout and names an unknown host', async () => {
    receiver.answer('/moved', { status: 307, headers: { location: 'http://169.254.169.254/latest' } });
    expect(await post(receiver.url('/moved'), resolvingTo(), '127.0.0.1')).toMatchObject({ statusCode: 307, error: 'Redirect (307 to http://169.254.169.254/latest) not followed' });
    expect(receiver.received.filter((r) => r.path === '/moved' || r.path === '/latest')).toHaveLength(1);
    receiver.answer('/silent', 'hang');
    expect(await post(receiver.url('/silent'), resolvingTo(), '127.0.0.1', 300)).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s' });
    const unknown: Resolver = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    expect((await post('https://nowhere.example.test/', unknown)).error).toBe('Could not resolve nowhere.example.test');
  });
});

describe.each(DB_KINDS)('webhook address rule in the app on %s', (kind) => {
  const t = useTestApp(kind);
  const { ok } = memberApi(t);
  const receiver = useReceiver();

  it('records the refusal of a name that resolves to 127.0.0.1 (no allow list) as the failed attempt', async () => {
    const owner = await t.createOrg('Rebind');
    t.app.services.webhooks.resolve = resolvingTo('127.0.0.1');
    const hook = await ok(owner, 'POST', '/api/webhook-endpoints', { url: `https://rebind.example.test:${receiver.port}/hook`, events: ['test.ping'] }, 201);
    const sent = await ok(owner, 'POST', `/api/webhook-endpoints/${hook.id}/test`, undefined, 202);
    const failed = await poll('the refused attempt', async () => {
      const d = await ok(owner, 'GET', `/api/webhook-endpoints/${hook.id}/deliveries/${sent.id}`);
      return d.status === 'failed' ? d : null;
    });
    expect(failed.attempts).toEqual([expect.objectContaining({
      status_code: null, error: 'rebind.example.test resolves to 127.0.0.1, a loopback address: webhooks are not sent to private networks',
    })]);
    expect(receiver.received).toEqual([]);
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { registerSecurityHeaders } from './security-headers';

async function headersAt(publicUrl: string) {
  const app = Fastify();
  await registerSecurityHeaders(app, publicUrl);
  app.get('/', async () => 'ok');
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res.headers;
}

const directives = (csp: unknown) => new Map(String(csp).split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe('security headers', () => {
  const t = useTestApp('pglite');

  it('are on every answer of the app: CSP, no framing, nosniff, referrer policy, and no HSTS over http', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://maps.googleapis.com', 'https://maps.gstatic.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000', 'https://maps.googleapis.com', 'https://maps.gstatic.com', 'wss://*.twilio.com', 'https://eventgw.twilio.com']);
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'https://maps.googleapis.com', 'https://maps.gstatic.com']));
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('add HSTS, wss: and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const headers = await headersAt('https://app.example.com');
    expect(headers['strict-transport-security']).toBe('max-age=31536000');
    const csp = directives(headers['content-security-policy']);
    expect(csp.get('connect-src')).toContain('wss://app.example.com');
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });
});

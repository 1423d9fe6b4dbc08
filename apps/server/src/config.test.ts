import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults: port 3000, PGlite under ./data, demo seeding on', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.allowedOrigins).toContain('http://localhost:3000');
  });

  it("sends access requests to ACCESS_REQUEST_EMAIL, else to MAIL_FROM's address", () => {
    expect(loadConfig({}).accessRequestEmail).toBe('no-reply@wholesail.test');
    expect(loadConfig({ MAIL_FROM: 'Team <team@example.com>' }).accessRequestEmail).toBe('team@example.com');
    expect(loadConfig({ MAIL_FROM: 'ops@example.com' }).accessRequestEmail).toBe('ops@example.com');
    expect(loadConfig({ ACCESS_REQUEST_EMAIL: 'sales@example.com' }).accessRequestEmail).toBe('sales@example.com');
    expect(() => loadConfig({ ACCESS_REQUEST_EMAIL: 'nobody' })).toThrow(/ACCESS_REQUEST_EMAIL: expected an email address/);
  });

  it('does not seed a real PostgreSQL unless SEED_DEMO=1', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('stops on a malformed setting, naming it', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: expected a postgres:\/\/ URL/);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('reads WEBHOOK_ALLOWED_HOSTS as host names or addresses, each with an optional port, and stops on a bad entry', () => {
    expect(loadConfig({}).webhookAllowedHosts).toEqual([]);
    expect(loadConfig({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1, Hooks.Local:8080,::1,[fd00::2]:9000' }).webhookAllowedHosts).toEqual([
      { host: '127.0.0.1', port: null }, { host: 'hooks.local', port: 8080 }, { host: '::1', port: null }, { host: 'fd00::2', port: 9000 },
    ]);
    expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: 'http://hooks.local' })).toThrow(/WEBHOOK_ALLOWED_HOSTS: "http:\/\/hooks.local" is not a host name/);
    expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: 'hooks.local:99999' })).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
  });

  it('reads TRUST_PROXY as a number of proxies or a list of proxy addresses, never "trust everything"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
    for (const bad of ['true', '-1', '10.0.0.0/33', 'proxy.example.com', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: expected the number of proxies in front/);
    }
  });

  it('prepares statements unless DATABASE_PREPARED_STATEMENTS is off', () => {
    expect(loadConfig({}).DATABASE_PREPARED_STATEMENTS).toBe('on');
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).DATABASE_PREPARED_STATEMENTS).toBe('off');
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(/DATABASE_PREPARED_STATEMENTS: expected on or off/);
  });

  it('sizes the PostgreSQL pool: 10 connections unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
  });

  it('stops on an unknown setting of its own namespace, naming it', () => {
    expect(() => loadConfig({ SMTP_URI: 'smtp://x' })).toThrow(/SMTP_URI: unknown setting/);
    expect(() => loadConfig({ DEMO_PASS: 'x' })).toThrow(/DEMO_PASS/);
    expect(() => loadConfig({ HOME: '/root', PATH: '/bin' })).not.toThrow();
  });

  it('takes Twilio all-or-none: a partial set stops start-up naming the missing settings', () => {
    const full = {
      TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
      TWILIO_API_KEY: `SK${'b'.repeat(32)}`,
      TWILIO_API_SECRET: 's'.repeat(32),
      TWILIO_TWIML_APP_SID: `AP${'c'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 't'.repeat(32),
    };
    expect(loadConfig({}).twilio).toBeNull();
    expect(loadConfig(full).twilio).toEqual({ accountSid: full.TWILIO_ACCOUNT_SID, apiKey: full.TWILIO_API_KEY, apiSecret: full.TWILIO_API_SECRET, twimlAppSid: full.TWILIO_TWIML_APP_SID, authToken: full.TWILIO_AUTH_TOKEN });
    const { TWILIO_AUTH_TOKEN: _t, TWILIO_API_SECRET: _s, ...partial } = full;
    expect(() => loadConfig(partial)).toThrow(/TWILIO_API_SECRET, TWILIO_AUTH_TOKEN: missing/);
    expect(() => loadConfig({ ...full, TWILIO_ACCOUNT_SID: 'nope' })).toThrow(/TWILIO_ACCOUNT_SID: expected an account SID/);
    expect(() => loadConfig({ ...full, TWILIO_TOKEN: 'x' })).toThrow(/TWILIO_TOKEN: unknown setting/);
  });
});

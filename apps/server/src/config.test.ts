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

  it('does not seed a real PostgreSQL unless SEED_DEMO=1', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('stops on a malformed setting, naming it', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: expected a postgres:\/\/ URL/);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('stops on an unknown setting of its own namespace, naming it', () => {
    expect(() => loadConfig({ SMTP_URI: 'smtp://x' })).toThrow(/SMTP_URI: unknown setting/);
    expect(() => loadConfig({ DEMO_PASS: 'x' })).toThrow(/DEMO_PASS/);
    expect(() => loadConfig({ HOME: '/root', PATH: '/bin' })).not.toThrow();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPasswordKept, resolveDemoPassword } from './secret';

const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'wholesail-secret-'));

describe('resolveDemoPassword', () => {
  it('generates a password once per data directory, keeps it private and reuses it on the next start', () => {
    const dir = freshDir();
    expect(demoPasswordKept(dir)).toBe(false);
    const first = resolveDemoPassword(undefined, dir);
    expect(demoPasswordKept(dir)).toBe(true);
    expect(first).toMatch(/^[\w-]{16}$/);
    expect(first).not.toBe('wholesail-demo');
    expect(resolveDemoPassword(undefined, dir)).toBe(first);
    expect(fs.statSync(path.join(dir, 'demo-password')).mode & 0o777).toBe(0o600);
    expect(resolveDemoPassword(undefined, freshDir())).not.toBe(first);
  });

  it('takes DEMO_PASSWORD when it is set, and writes nothing', () => {
    const dir = freshDir();
    expect(resolveDemoPassword('chosen password', dir)).toBe('chosen password');
    expect(fs.existsSync(path.join(dir, 'demo-password'))).toBe(false);
  });
});

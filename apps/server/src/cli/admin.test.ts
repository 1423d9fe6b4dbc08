import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

function admin(dataDir: string, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

describe('npm run admin', () => {
  it('creates an organization with an owner, invites into it, and explains a locked data directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesail-cli-'));
    const created = await admin(dir, 'create-org', '--name', 'Cli Realty', '--email', 'cli@example.com', '--password', 'cli password 1');
    expect(created.code).toBe(0);
    const line = JSON.parse(created.stdout.trim());
    expect(line).toEqual({ organizationId: expect.stringMatching(/^[0-9a-f-]{36}$/), userId: expect.any(String) });

    const invited = await admin(dir, 'invite', '--org', line.organizationId, '--email', 'new.agent@example.com');
    expect(invited.code).toBe(0);
    expect(invited.stdout.trim()).toMatch(/^http:\/\/localhost:3000\/accept-invitation\/[\w-]{20,}$/);

    const bad = await admin(dir, 'create-org', '--name', 'X Realty', '--email', 'nope', '--password', 'cli password 1');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--email/);

    fs.writeFileSync(path.join(dir, 'wholesail.lock'), String(process.pid));
    const locked = await admin(dir, 'invite', '--org', line.organizationId, '--email', 'x@example.com');
    expect(locked.code).toBe(1);
    expect(locked.stderr).toMatch(/in use by another Wholesail process/);
  }, 60_000);
});

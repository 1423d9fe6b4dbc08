import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const DEMO_PASSWORD_FILE = 'demo-password';

/** A value generated once and kept in DATA_DIR (readable by the server's user only), so a restart reuses it. */
function keptInDataDir(dataDir: string, fileName: string, generate: () => string): string {
  const file = path.join(dataDir, fileName);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const value = generate();
  fs.writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/**
 * AUTH_SECRET signs session cookies. Without it, one is generated once and kept in DATA_DIR so that
 * sessions survive restarts; several instances behind a load balancer must share AUTH_SECRET.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  return configured ?? keptInDataDir(dataDir, 'auth-secret', () => crypto.randomBytes(32).toString('base64url'));
}

/**
 * The seeded demo user's password: DEMO_PASSWORD, else one generated once per data directory (printed at
 * start), so no two installations share a known password.
 */
export function resolveDemoPassword(configured: string | undefined, dataDir: string): string {
  return configured ?? keptInDataDir(dataDir, DEMO_PASSWORD_FILE, () => crypto.randomBytes(12).toString('base64url'));
}

/** Whether this data directory already keeps a generated demo password (it did not before passwords were generated). */
export function demoPasswordKept(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, DEMO_PASSWORD_FILE));
}

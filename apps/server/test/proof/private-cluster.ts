/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, its own port), so a suite can
 * stop and start the whole server without touching the shared one. As root the binaries run as the
 * postgres user (initdb refuses root).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../e2e/support/server';

const ROOT_DIR = '/usr/lib/postgresql';

function binDir(): string | null {
  if (!fs.existsSync(ROOT_DIR)) return null;
  const versions = fs.readdirSync(ROOT_DIR).filter((v) => fs.existsSync(path.join(ROOT_DIR, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(ROOT_DIR, versions[0], 'bin') : null;
}

const isRoot = () => process.getuid?.() === 0;

/** Whether this machine can run a private cluster: PostgreSQL's binaries, and a postgres user when root. */
export function privateClusterAvailable(): boolean {
  if (!binDir()) return false;
  if (!isRoot()) return true;
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return fs.existsSync('/usr/sbin/runuser') || fs.existsSync('/sbin/runuser');
  } catch {
    return false;
  }
}

function run(tool: string, args: string[]): string {
  const bin = path.join(binDir()!, tool);
  const [cmd, full] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, full, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface PrivateCluster {
  /** The superuser's URL to the `postgres` database. */
  url: string;
  /** Fast shutdown: every connection is closed, new ones are refused. */
  stop(): void;
  /** Starts it again and returns once it accepts connections. */
  start(): void;
  destroy(): void;
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesail-pg-'));
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start: () => void run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

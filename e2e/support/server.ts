import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  /** SIGTERM, then resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Sends `signal` (SIGKILL: no shutdown at all, as a crash) and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** True while the process is running. */
  alive(): boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The demo user's password in journeys: set as DEMO_PASSWORD, as an operator would choose one. Without it the
 * server generates one per data directory (e2e/sign-in.e2e.ts starts it so and reads the printed one).
 */
export const DEMO_PASSWORD = 'e2e-demo-password';

/** Starts the real server (as `npm start` does, on the built web app) and waits for its banner. */
export async function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wholesail-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn', DEMO_PASSWORD, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Wholesail is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code}) before starting:\n${out}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    dataDir: dir,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill(signal) {
      if (running) child.kill(signal);
      await exited;
    },
    alive: () => running,
  };
}

import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const WEB = path.resolve(import.meta.dirname, '../apps/web');
const DOMAIN = path.resolve(import.meta.dirname, '../packages/domain/src');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), 0);
}

/** Builds apps/web when dist is missing or older than its sources. */
export function buildWebIfNeeded() {
  const built = newestMtime(path.join(WEB, 'dist/index.html'));
  const sources = Math.max(
    newestMtime(path.join(WEB, 'src')),
    newestMtime(path.join(WEB, 'index.html')),
    newestMtime(path.join(WEB, 'vite.config.ts')),
    newestMtime(path.join(WEB, 'public')),
    newestMtime(DOMAIN),
  );
  if (built > sources) return false;
  console.log('Building the web app…');
  execSync('npm run build -w @wholesail/web', { stdio: 'inherit', cwd: path.resolve(WEB, '../..') });
  return true;
}

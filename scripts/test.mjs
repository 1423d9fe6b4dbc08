import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const report = path.join(root, '.tmp/vitest-report.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });

const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

console.log('Type-checking…');
const typecheck = run('npm', ['run', 'typecheck', '--silent']);
buildWebIfNeeded();
const extra = process.argv.slice(2);
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...extra]);

let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests;
  // A file that fails outside its tests (a beforeAll that throws) fails no test of its own: count the file.
  for (const file of json.testResults) {
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) failed += 1;
  }
} else {
  failed = 1;
}
if (typecheck !== 0) {
  console.log('Type-check failed.');
  failed += 1;
} else {
  passed += 1;
}
// Whatever else made vitest fail (an unhandled error between tests) is a failure too.
if (status !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(status !== 0 || typecheck !== 0 || failed > 0 ? 1 : 0);

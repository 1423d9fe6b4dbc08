import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/**
 * `npm ci` warns EBADENGINE for every locked package whose `engines.node` refuses the running Node. The README
 * promises the oldest Node the root `engines` allows; every package the lockfile installs must accept it.
 */
describe('a clean install on the oldest supported Node', () => {
  it('installs no package that asks for a newer Node than package.json promises', () => {
    const oldest = semver.minVersion(read('package.json').engines.node)!.version;
    const lock = read('package-lock.json') as { packages: Record<string, { engines?: { node?: string }; optional?: boolean }> };
    const refusing = Object.entries(lock.packages)
      .filter(([name, pkg]) => name !== '' && !pkg.optional && typeof pkg.engines?.node === 'string')
      .filter(([, pkg]) => !semver.satisfies(oldest, pkg.engines!.node!))
      .map(([name, pkg]) => `${name} wants node ${pkg.engines!.node}`);
    expect(oldest).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });
});

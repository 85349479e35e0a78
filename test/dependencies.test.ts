import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import semver from 'semver';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { renderProject } from '../src/generate.js';
import { root } from './helpers.js';

const generated = JSON.parse(renderProject({ entity: 'Product', port: 8080, managementPort: 8081 }).get('package.json') ?? '{}');

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
}

/** Every package installed below `dir`, nested ones included. */
function installedPackages(dir: string): Manifest[] {
  const found: Manifest[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '.bin') continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      found.push(...installedPackages(path));
      continue;
    }
    try {
      found.push(JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')));
    } catch {
      continue; // not a package folder
    }
    try {
      found.push(...installedPackages(join(path, 'node_modules')));
    } catch {
      // no nested node_modules
    }
  }
  return found;
}

test('the root installs every dependency of a generated project, with the same range', () => {
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const installed = { ...rootPackage.dependencies, ...rootPackage.devDependencies };
  for (const [name, range] of Object.entries({ ...generated.dependencies, ...generated.devDependencies })) {
    assert.is(installed[name], range, `${name} in the root package.json`);
  }
});

test('every installed package runs on the oldest Node.js a generated project promises', () => {
  const oldest = semver.minVersion(generated.engines.node);
  assert.ok(oldest, `engines.node: ${generated.engines.node}`);
  const refusing = installedPackages(join(root, 'node_modules'))
    .filter((manifest) => manifest.engines?.node && !semver.satisfies(oldest, manifest.engines.node))
    .map((manifest) => `${manifest.name}@${manifest.version} needs node ${manifest.engines?.node}`);
  assert.equal(refusing, [], `these packages refuse Node ${oldest}`);
});

test.run();

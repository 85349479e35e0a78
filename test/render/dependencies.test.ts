import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import semver from 'semver';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { renderProject } from '../../src/generate/generate.js';
import { root } from '../support/helpers.js';

interface PackageJson {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

interface Locked {
  version: string;
  engines?: { node?: string } | string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const generated = JSON.parse(renderProject({ entity: 'Product', port: 8080, managementPort: 8081 }).get('package.json') ?? '{}') as PackageJson;
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
/** What `npm ci` installs, by folder: `node_modules/a`, `node_modules/a/node_modules/b`, ... */
const locked = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages as Record<string, Locked>;

/** The folder Node.js would load `name` from when `from` requires it: its own node_modules, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    const path = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (locked[path]) return path;
    if (!dir) return undefined;
  }
}

/** The folders of every locked package that installing `names` brings in. */
function closure(names: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = names.map((name) => {
    const path = resolve('', name);
    if (!path) throw new Error(`${name} is not in package-lock.json`);
    return path;
  });
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const { dependencies, optionalDependencies, peerDependencies } = locked[path]!;
    for (const name of Object.keys({ ...dependencies, ...optionalDependencies, ...peerDependencies })) {
      const found = resolve(path, name);
      if (found) queue.push(found);
    }
  }
  return seen;
}

/** The package name a lockfile folder holds: `node_modules/a/node_modules/@b/c` -> `@b/c`. */
const packageName = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 13);

/** Every locked package that installing `names` brings in, with what each needs of Node.js. */
function installedBy(names: string[]): { name: string; version: string; node: string }[] {
  return [...closure(names)].flatMap((path) => {
    const { version, engines } = locked[path]!;
    const node = Array.isArray(engines) ? undefined : engines?.node;
    return node ? [{ name: packageName(path), version, node }] : [];
  });
}

/** `^22.22.3 || ^24.15.0 || >=26` -> the oldest release of each supported major: 22.22.3, 24.15.0, 26.0.0. */
function oldestOfEachMajor(engines: string): string[] {
  return engines.split('||').map((range) => {
    const oldest = semver.minVersion(range);
    if (!oldest) throw new Error(`engines.node: ${engines}`);
    return oldest.version;
  });
}

function refusing(packages: ReturnType<typeof installedBy>, node: string): string[] {
  return packages.filter((found) => !semver.satisfies(node, found.node)).map((found) => `${found.name}@${found.version} needs node ${found.node}`);
}

test('the root installs every dependency of a generated project, with the same range', () => {
  const installed = { ...rootPackage.dependencies, ...rootPackage.devDependencies };
  for (const [name, range] of Object.entries({ ...generated.dependencies, ...generated.devDependencies })) {
    assert.is(installed[name], range, `${name} in the root package.json`);
  }
});

test('the generator and a generated project support Node.js 22, 24 and 26, the LTS majors .ci/node installs', () => {
  for (const engines of [rootPackage.engines.node, generated.engines.node]) {
    assert.equal(oldestOfEachMajor(engines).map((version) => semver.major(version)), [22, 24, 26], engines);
    for (const odd of ['23.11.0', '25.9.0']) assert.not.ok(semver.satisfies(odd, engines), `${engines} leaves out ${odd}, past its end of life`);
  }
  const pinned = [...readFileSync(join(root, '.ci/node'), 'utf8').matchAll(/^ {2}(\d+)\) version=(\S+)/gm)];
  assert.equal(pinned.map(([, major]) => Number(major)), [22, 24, 26]);
  for (const [, , version] of pinned) {
    assert.ok(semver.satisfies(version!, generated.engines.node) && semver.satisfies(version!, rootPackage.engines.node), `CI's Node.js ${version}`);
  }
});

test('a production install (npm ci --omit=dev, the image) holds no dev tool and no embedded database', () => {
  const production = new Set([...closure(Object.keys(generated.dependencies))].map(packageName));
  assert.ok(production.has('knex') && production.has('pg'), 'the PostgreSQL driver');
  const devOnly = ['@electric-sql/pglite', 'knex-pglite', 'typescript', 'tsx', 'esbuild', '@biomejs/biome', 'uvu', 'fast-check'];
  const tools = ['openapi-typescript', 'openapi-fetch', 'autocannon', 'pino-pretty', '@apidevtools/swagger-parser'];
  assert.equal([...devOnly, ...tools].filter((name) => production.has(name)), []);
  assert.equal(Object.keys(generated.dependencies).filter((name) => name.startsWith('@types/')), [], 'type packages are devDependencies');
});

test("every package a generated project installs runs on the oldest release of each major its engines allow", () => {
  const packages = installedBy(Object.keys({ ...generated.dependencies, ...generated.devDependencies }));
  assert.ok(packages.length > 100, `${packages.length} packages`);
  for (const oldest of oldestOfEachMajor(generated.engines.node)) {
    assert.equal(refusing(packages, oldest), [], `these packages refuse Node ${oldest}`);
  }
});

test("every package the generator's own dependencies install runs on the oldest release of each major its engines allow", () => {
  const packages = installedBy(Object.keys(rootPackage.dependencies));
  for (const oldest of oldestOfEachMajor(rootPackage.engines.node)) {
    assert.equal(refusing(packages, oldest), [], `these packages refuse Node ${oldest}`);
  }
});

test.run();

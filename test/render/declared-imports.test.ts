/**
 * Every package a generated project imports is one its package.json declares: an import that
 * resolves only because another dependency happens to install it breaks on the next update of that
 * dependency. Checked on the examples and on the catalog entry with every field type.
 */
import { builtinModules } from 'node:module';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { renderProject } from '../../src/generate/generate.js';
import { EVERY_TYPE_AND_MODIFIER } from '../support/fields-fixtures.js';

/** The package a bare specifier names: `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Bare specifiers of static and dynamic imports and `export ... from` in a TypeScript file. */
function imports(source: string): string[] {
  const found = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'([^'.][^']*)'/g)].map((match) => match[1]!);
  // A package name (not a regular expression that happens to hold `from '...'`).
  const bare = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w./-]*)?$/i;
  return found.filter((specifier) => bare.test(specifier) && !specifier.startsWith('node:') && !builtinModules.includes(specifier));
}

for (const [label, answers] of [
  ['Product', { entity: 'Product', port: 8080, managementPort: 8081 }],
  ['catalog entry (every type)', { entity: 'catalog entry', port: 8080, managementPort: 8081, fields: EVERY_TYPE_AND_MODIFIER }],
] as const) {
  test(`${label}: every imported package is declared in package.json`, () => {
    const files = renderProject(answers);
    // A workspace (tools/openapi-types) declares its own packages: a file answers to the nearest package.json.
    const manifests = [...files.keys()].filter((path) => path.endsWith('package.json')).map((path) => path.slice(0, -'package.json'.length));
    const declared = (path: string) => {
      const folder = manifests.filter((prefix) => path.startsWith(prefix)).sort((a, b) => b.length - a.length)[0]!;
      const manifest = JSON.parse(files.get(`${folder}package.json`)!) as Record<string, Record<string, string> | undefined>;
      return new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
    };
    const undeclared = [...files]
      .filter(([path]) => path.endsWith('.ts'))
      .flatMap(([path, source]) => imports(source).map((specifier) => ({ path, name: packageOf(specifier) })))
      // k6 scripts run in k6, whose modules (k6, k6/http) are not npm packages; @types/k6 types them.
      .filter(({ path, name }) => !(path.startsWith('k6/') && name === 'k6'))
      .filter(({ path, name }) => !declared(path).has(name))
      .map(({ path, name }) => `${join(path)}: ${name}`);
    assert.equal(undeclared, []);
  });
}

test.run();

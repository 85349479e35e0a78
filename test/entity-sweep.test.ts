import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { validateEntity } from '../src/validate.js';
import { root, runCli, tempDir } from './helpers.js';

/**
 * Names close to what the generated code declares or to TypeScript's own types. Each one the
 * validator accepts must give a project that type-checks; the ones it refuses are covered in
 * names.test.ts.
 */
const TRICKY_NAMES = ['Order', 'Record', 'Token', 'User', 'Entry', 'Index', 'Address', 'Person', 'Status'];

for (const entity of TRICKY_NAMES) {
  test(`${entity}: accepted, and the generated project type-checks`, () => {
    assert.is(validateEntity(entity), undefined);
    const out = join(tempDir(), 'service');
    const result = runCli([entity, '--yes', '--out', out]);
    assert.is(result.status, 0, result.stderr);
    symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'dir');
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.test.json'], {
      cwd: out,
      encoding: 'utf8',
    });
    assert.is(tsc.status, 0, tsc.stdout + tsc.stderr);
  });
}

test('TokenRequest: its OpenAPI schemas and those of the token endpoint stay apart', () => {
  const out = join(tempDir(), 'service');
  assert.is(runCli(['TokenRequest', '--yes', '--out', out]).status, 0);
  symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'dir');
  const script = `
    import { loadAuthConfig } from './src/auth/auth.config.ts';
    import { buildOpenApiDocument } from './src/openapi.ts';
    const document = buildOpenApiDocument(loadAuthConfig({ JWT_SECRET: 'x'.repeat(32), AUTH_PASSWORD: 'a-long-password' }));
    console.log(JSON.stringify(document.components.schemas));`;
  const run = spawnSync(process.execPath, ['--import', 'tsx/esm', '--input-type=module', '-e', script], { cwd: out, encoding: 'utf8' });
  assert.is(run.status, 0, run.stderr);
  const schemas = JSON.parse(run.stdout) as Record<string, { properties: Record<string, unknown> }>;
  assert.ok('price' in schemas.TokenRequest!.properties, 'the entity keeps its own schema');
  assert.ok('password' in schemas['auth.TokenRequest']!.properties, 'the token request keeps its schema');
});

test.run();

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { validateEntity } from '../../src/answers/validate-answers.js';
import { linkRootModules, root, runCli, tempDir } from '../support/helpers.js';

/**
 * Names close to what the generated code declares or to TypeScript's own types. Each one the
 * validator accepts must give a project that type-checks; the ones it refuses are covered in
 * names.test.ts.
 */
// Config: the generated code has a src/config.ts module but declares no `Config` (its folder src/config/ sits beside it).
const TRICKY_NAMES = ['Order', 'Record', 'Token', 'User', 'Entry', 'Index', 'Address', 'Person', 'Status', 'Config'];

for (const entity of TRICKY_NAMES) {
  test(`${entity}: accepted, and the generated project type-checks`, async () => {
    assert.is(validateEntity(entity), undefined);
    const out = join(tempDir(), 'service');
    const result = await runCli([entity, '--yes', '--out', out]);
    assert.is(result.status, 0, result.stderr);
    linkRootModules(out);
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.test.json'], {
      cwd: out,
      encoding: 'utf8',
    });
    assert.is(tsc.status, 0, tsc.stdout + tsc.stderr);
  });
}

test('TokenRequest: its OpenAPI schemas and those of the token endpoint stay apart', async () => {
  const out = join(tempDir(), 'service');
  assert.is((await runCli(['TokenRequest', '--yes', '--out', out])).status, 0);
  linkRootModules(out);
  const script = `
    import { loadAuthConfig } from './src/auth/auth.config.ts';
    import { buildOpenApiDocument } from './src/openapi/document.ts';
    const document = buildOpenApiDocument(loadAuthConfig({ JWT_SECRET: 'x'.repeat(32), AUTH_PASSWORD: 'a-long-password' }));
    console.log(JSON.stringify(document.components.schemas));`;
  const run = spawnSync(process.execPath, ['--import', 'tsx/esm', '--input-type=module', '-e', script], { cwd: out, encoding: 'utf8' });
  assert.is(run.status, 0, run.stderr);
  const schemas = JSON.parse(run.stdout) as Record<string, { properties: Record<string, unknown> }>;
  assert.ok('price' in schemas.TokenRequest!.properties, 'the entity keeps its own schema');
  assert.ok('password' in schemas['auth.TokenRequest']!.properties, 'the token request keeps its schema');
});

test.run();

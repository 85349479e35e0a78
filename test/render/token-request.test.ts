import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { linkRootModules, runCli, tempDir } from '../support/helpers.js';

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

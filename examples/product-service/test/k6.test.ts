import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

// profile.ts and product-body.ts use no k6 runtime modules, so Node can import them.
import { productBody } from '../k6/product-body.ts';
import { THINK_TIME_SECONDS, loadProfile, stages, tokenRequest } from '../k6/profile.ts';
import { strictValidation } from '../src/http/validate.js';
import { productCreateSchema } from '../src/product/product.schema.js';
import { testConfig, useService } from './helpers.js';
import { TEST_PASSWORD, TEST_USERNAME } from './tokens.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// typescript's "exports" hide bin/tsc from require.resolve: go through its package.json.
const typescriptManifest = createRequire(import.meta.url).resolve('typescript/package.json');
const { bin } = JSON.parse(readFileSync(typescriptManifest, 'utf8')) as { bin: { tsc: string } };
const tsc = join(dirname(typescriptManifest), bin.tsc);

function runTsc(...args: string[]) {
  return spawnSync(process.execPath, [tsc, '-p', 'k6', ...args], { cwd: root, encoding: 'utf8' });
}

// ---

const types = suite('k6 scripts type-check');

types('against @types/k6', () => {
  const result = runTsc();
  assert.is(result.status, 0, `${result.stdout}${result.stderr}`);
});

types('without Node.js types, which k6 does not have', () => {
  const result = runTsc('--listFilesOnly');
  assert.is(result.status, 0, result.stderr);
  assert.ok(result.stdout.includes('@types/k6'));
  assert.not.ok(result.stdout.includes('@types/node'), 'Node.js types leak into the k6 project');
});

types.run();

// ---

const profile = suite('k6 load profile');

profile('ramps to 20 virtual users over 30 s, holds 1 min, ramps down over 30 s', () => {
  assert.equal(stages, [
    { duration: '30s', target: 20 },
    { duration: '1m', target: 20 },
    { duration: '30s', target: 0 },
  ]);
  assert.ok(THINK_TIME_SECONDS > 0);
});

profile('sets the p95 and check thresholds per request name', () => {
  assert.equal(loadProfile('list', 500), {
    stages,
    thresholds: { 'http_req_duration{name:list}': ['p(95)<500'], 'checks{name:list}': ['rate==1'] },
  });
});

profile('list and create scripts use their targets and tag their requests', () => {
  const list = readFileSync(new URL('../k6/list.ts', import.meta.url), 'utf8');
  assert.match(list, "loadProfile('list', 500)");
  assert.match(list, "tags: { name: 'list' }");
  assert.match(list, 'r.status === 200');

  const create = readFileSync(new URL('../k6/create.ts', import.meta.url), 'utf8');
  assert.match(create, "loadProfile('create', 1000)");
  assert.match(create, "tags: { name: 'create' }");
  assert.match(create, 'r.status === 201');
  for (const script of [list, create]) assert.match(script, 'export function setup(): Setup');
});

profile('create bodies pass the create schema', () => {
  for (const [vu, iteration] of [[1, 0], [20, 99], [7, 12345], [1000, 999_999]] as const) {
    const { error } = productCreateSchema.validate(productBody(vu, iteration), strictValidation);
    assert.is(error, undefined, `vu ${vu}, iteration ${iteration}: ${error?.message}`);
  }
});

profile.run();

// ---

const auth = suite('k6 token request against the service');
const service = useService(auth, { config: testConfig({ AUTH_MODE: 'all' }) });

auth("setup()'s token request gets a token that lists and creates", async () => {
  const port = service().servicePort;
  const request = tokenRequest({ AUTH_USERNAME: TEST_USERNAME, AUTH_PASSWORD: TEST_PASSWORD }, `http://127.0.0.1:${port}`);
  assert.ok(request);
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
  assert.is(response.status, 200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` };
  assert.is((await service().api('/api/products', { method: 'POST', headers, body: JSON.stringify(productBody(1, 0)) })).status, 201);
  assert.is((await service().api('/api/products', { headers })).status, 200);
});

auth('the username defaults to admin, and no AUTH_PASSWORD means no token request (AUTH_MODE=off)', () => {
  assert.is(JSON.parse(tokenRequest({ AUTH_PASSWORD: 'x' }, 'http://h')!.body).username, 'admin');
  assert.is(tokenRequest({}, 'http://h'), undefined);
});

auth.run();

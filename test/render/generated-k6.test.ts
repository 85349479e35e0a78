/**
 * The k6 load tests a generated project ships, checked in the example and in a fresh multi-word
 * service: they type-check against @types/k6 alone, follow the load profile, and their token
 * request and the bodies `npm run k6:bodies` writes are accepted by the real service.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { generatedProjects, type GeneratedProject } from '../support/generated-projects.js';
import { SERVICE_PASSWORD, SERVICE_USERNAME, startService } from '../support/openapi-tools.js';

/** What k6/profile.ts exports; it is typed against k6's globals, which the Node tests do not load. */
interface ProfileModule {
  stages: { duration: string; target: number }[];
  THINK_TIME_SECONDS: number;
  loadProfile(requestName: string, p95Ms: number): unknown;
  tokenRequest(env: Record<string, string | undefined>, base: string): { url: string; body: string; headers: Record<string, string> } | undefined;
}

// typescript's "exports" hide bin/tsc from require.resolve: go through its package.json.
const typescriptManifest = createRequire(import.meta.url).resolve('typescript/package.json');
const tsc = join(dirname(typescriptManifest), (JSON.parse(readFileSync(typescriptManifest, 'utf8')) as { bin: { tsc: string } }).bin.tsc);

async function checkProject({ dir, names }: GeneratedProject): Promise<void> {
  const load = async <T>(path: string) => (await import(pathToFileURL(join(dir, path)).href)) as T;
  const runTsc = (...args: string[]) => spawnSync(process.execPath, [tsc, '-p', 'k6', ...args], { cwd: dir, encoding: 'utf8' });
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');
  // profile.ts uses no k6 runtime modules, so Node can import it.
  const { THINK_TIME_SECONDS, loadProfile, stages, tokenRequest } = await load<ProfileModule>('k6/profile.ts');

  const types = suite(`${names.packageName}: k6 scripts type-check`);

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

  types('npm run typecheck covers the k6 folder', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    assert.match(scripts.typecheck!, 'tsc -p k6');
  });

  types.run();

  // ---

  const profile = suite(`${names.packageName}: k6 load profile`);

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
    const list = read('k6/list.ts');
    assert.match(list, "loadProfile('list', 500)");
    assert.match(list, "tags: { name: 'list' }");
    assert.match(list, 'r.status === 200');
    const create = read('k6/create.ts');
    assert.match(create, "loadProfile('create', 1000)");
    assert.match(create, "tags: { name: 'create' }");
    assert.match(create, 'r.status === 201');
    for (const script of [list, create]) assert.match(script, 'export function setup(): Setup');
  });

  profile('the username defaults to admin, and no AUTH_PASSWORD means no token request (AUTH_MODE=off)', () => {
    assert.is(JSON.parse(tokenRequest({ AUTH_PASSWORD: 'x' }, 'http://h')!.body).username, 'admin');
    assert.is(tokenRequest({}, 'http://h'), undefined);
  });

  profile.run();

  // ---

  const service = suite(`${names.packageName}: k6 requests against the service`);

  service("setup()'s token request gets a token that lists, and the bodies npm run k6:bodies writes are accepted", async () => {
    const written = spawnSync('npm', ['run', 'k6:bodies', '--silent'], { cwd: dir, encoding: 'utf8' });
    assert.is(written.status, 0, written.stderr);
    const bodies = JSON.parse(read('k6/bodies.json')) as object[];
    // Git-ignored, but on disk it would differ from a fresh generation of the example.
    rmSync(join(dir, 'k6/bodies.json'));
    assert.ok(bodies.length >= 2_400, `${bodies.length} bodies: more than a k6 run creates`);
    const server = await startService(dir, '', 'all', { DATA_DIR: 'memory://' });
    try {
      const base = server.api;
      const request = tokenRequest({ AUTH_USERNAME: SERVICE_USERNAME, AUTH_PASSWORD: SERVICE_PASSWORD }, base);
      const response = await fetch(request!.url, { method: 'POST', headers: request!.headers, body: request!.body });
      assert.is(response.status, 200);
      const { accessToken } = (await response.json()) as { accessToken: string };
      const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` };
      const path = `${base}/api/${names.routeSegment}`;
      // The first, some in between and the last: each creates, none repeats another's unique value.
      for (const index of [0, 1, 99, 2_399, bodies.length - 1]) {
        const created = await fetch(path, { method: 'POST', headers, body: JSON.stringify(bodies[index]) });
        assert.is(created.status, 201, `body ${index}: ${await created.text()}`);
      }
      assert.is((await fetch(path, { headers })).status, 200);
    } finally {
      assert.is(await server.stop(), 0);
    }
  });

  service.run();
}

for (const project of generatedProjects) await checkProject(project);

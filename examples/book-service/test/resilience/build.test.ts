import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { numbered } from '../factory.js';
import { TEST_PASSWORD, TEST_USERNAME } from '../tokens.js';
import { projectDir, spawnServer } from './process.js';
import { type ProductionInstall, productionInstall } from './production-install.js';

// What the container image runs: `npm run build`, then `node dist/server.js` with the production dependencies.

const run = promisify(execFile);
const test = suite('the compiled build');
let buildError: unknown;
let production: ProductionInstall | undefined;

test.before(async () => {
  // A failure is rethrown by the tests: uvu would report a throwing hook as a pass.
  try {
    await run('npm', ['run', 'build'], { cwd: projectDir });
    production = await productionInstall();
  } catch (error) {
    buildError = error;
  }
});

test.after(async () => {
  await production?.remove();
});

/*
 * The image runs with NODE_ENV=production, which requires DATABASE_URL. With DATABASE_URL set
 * this runs exactly like the image, from the production dependencies alone; without, it runs the
 * same compiled code on the embedded database (a devDependency) with NODE_ENV unset.
 */
test('node dist/server.js: ready, issues a token, creates with it; SIGTERM exits 0', async () => {
  if (buildError) throw buildError;
  const { DATABASE_URL } = process.env;
  const env: Record<string, string> = DATABASE_URL ? { NODE_ENV: 'production', DATABASE_URL } : {};
  const server = spawnServer('memory://', env, DATABASE_URL ? production!.server : 'dist/server.js');
  const { child, servicePort, managementPort } = await server.started;
  try {
    const api = `http://127.0.0.1:${servicePort}`;
    assert.is((await fetch(`http://127.0.0.1:${managementPort}/health/ready`)).status, 200);
    assert.is((await fetch(`${api}/api/books`)).status, 200);
    const headers = { 'Content-Type': 'application/json' };
    const token = await fetch(`${api}/api/auth/token`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: TEST_USERNAME, password: TEST_PASSWORD }),
    });
    assert.is(token.status, 200);
    const { accessToken } = (await token.json()) as { accessToken: string };
    const created = await fetch(`${api}/api/books`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(numbered()),
    });
    assert.is(created.status, 201);
    const { id } = (await created.json()) as { id: number };
    await fetch(`${api}/api/books/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${accessToken}` } });
  } finally {
    child.kill('SIGTERM');
  }
  const { code, output } = await server.exit;
  assert.is(code, 0, output);
  assert.match(output, '"msg":"stopped"');
});

test('from the production dependencies alone, without DATABASE_URL: the embedded database is named as not installed, exit 1', async () => {
  if (buildError) throw buildError;
  const { code, output } = await spawnServer('memory://', {}, production!.server).exit;
  assert.is(code, 1, output);
  assert.match(
    output,
    'DATABASE_URL is unset and the embedded database is not installed (a production install leaves it out): set DATABASE_URL, or run npm install',
  );
});

test('NODE_ENV=production without DATABASE_URL stops with a clear message', async () => {
  if (buildError) throw buildError;
  const { code, output } = await spawnServer('memory://', { NODE_ENV: 'production' }, 'dist/server.js').exit;
  assert.is(code, 1);
  assert.is(
    output,
    'Invalid configuration: DATABASE_URL is required when NODE_ENV=production (the embedded database is for development only)\n',
  );
});

test.run();

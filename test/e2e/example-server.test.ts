import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { example, linkRootModules, tempDir } from '../support/helpers.js';
import { launchChromium } from '../support/browser.js';
import { freePort, spawnServer, until, type ServerProcess } from '../support/servers.js';

const USERNAME = 'admin';
const PASSWORD = randomBytes(18).toString('base64url');

interface Running {
  server: ServerProcess;
  api: string;
  management: string;
}

/** Starts the example with `npm start` on free loopback ports and the embedded database. */
async function startExample(): Promise<Running> {
  linkRootModules(example);
  const [port, managementPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    MANAGEMENT_PORT: String(managementPort),
    DATA_DIR: tempDir('product-service-data-'),
    // What the generator writes to .env, set here so a clean clone (no .env) runs the same.
    JWT_SECRET: randomBytes(48).toString('base64url'),
    AUTH_USERNAME: USERNAME,
    AUTH_PASSWORD: PASSWORD,
  };
  delete env.DATABASE_URL;
  const server = spawnServer('npm', ['start'], { cwd: example, env });
  const running = { server, api: `http://127.0.0.1:${port}`, management: `http://127.0.0.1:${managementPort}` };
  await until('the example is ready', 60_000, async () => (await fetch(`${running.management}/health/ready`)).status === 200, {
    server,
    intervalMs: 200,
  });
  return running;
}

// ---

const started = suite('the example, started with npm start on the embedded database');
let running: Running | undefined;
let browser: Browser | undefined;
let setupError: unknown;

started.before(async () => {
  try {
    running = await startExample();
    browser = await launchChromium();
  } catch (error) {
    // uvu reports a throwing hook as (0 / N) and exits 0; make every test fail instead.
    setupError = error;
  }
});

started.after(async () => {
  await browser?.close();
  await running?.server.stop('SIGKILL');
});

function ready(): { running: Running; browser: Browser } {
  if (setupError) throw setupError;
  if (!running || !browser) throw new Error('setup did not finish');
  return { running, browser };
}

started('Swagger UI shows the token operation and the five item operations with every non-local request blocked', async () => {
  const { running, browser } = ready();
  const page = await browser.newPage();
  const blocked: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    blocked.push(url.href);
    return route.abort();
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${running.api}/swagger`);
  await page.waitForSelector('.opblock', { timeout: 15_000 });
  const operations = await page.$$eval('.opblock-summary', (nodes) =>
    nodes.map((node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim()),
  );
  assert.is(operations.length, 6, operations.join(' | '));
  for (const [method, path] of [['POST', '/api/auth/token'], ['GET', '/api/products'], ['POST', '/api/products'], ['GET', '/api/products/{id}'], ['PUT', '/api/products/{id}'], ['DELETE', '/api/products/{id}']]) {
    assert.ok(operations.some((text) => text.startsWith(`${method}${path}`) || text.startsWith(`${method} ${path}`)), `${method} ${path} in ${operations.join(' | ')}`);
  }
  const schemas = await page.$$eval('.models .model-container', (nodes) => nodes.length);
  assert.ok(schemas >= 3, `schemas shown: ${schemas}`);
  await page.screenshot({ path: join(tmpdir(), 'swagger-ui.png'), fullPage: true });
  assert.equal(pageErrors, []);
  assert.equal(blocked, [], 'the page asks no other host for anything');
  await page.close();
});

// Swagger UI's "Try it out" on every operation, after Authorize: swagger-ui.test.ts.

started('/metrics passes promtool check metrics', async () => {
  const { running } = ready();
  await fetch(`${running.api}/api/products/1`);
  const text = await (await fetch(`${running.management}/metrics`)).text();
  assert.match(text, /http_request_duration_seconds_bucket\{[^}]*route="\/api\/products\/:id"/);
  const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  assert.is(check.error, undefined, 'promtool must be installed (bash .ci/run installs it)');
  assert.is(check.status, 0, `${check.stdout}${check.stderr}`);
});

started('SIGTERM drains and exits with code 0', async () => {
  const { running } = ready();
  assert.is(await running.server.stop('SIGTERM'), 0, running.server.lines.slice(-30).join('\n'));
});

started.run();

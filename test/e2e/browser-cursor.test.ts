/**
 * A browser app on another origin pages through the example's list as its users' apps would:
 * with CORS_ORIGINS naming the app's origin, Chromium lets the page read Link (and X-Total-Count),
 * and the page follows rel="next" until the last page.
 */
import { createServer, type Server } from 'node:http';

import type { Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { example, linkRootModules } from '../support/helpers.js';
import { type RunningService, SERVICE_PASSWORD, SERVICE_USERNAME, startService } from '../support/openapi-tools.js';
import { launchChromium } from '../support/browser.js';
import { freePort } from '../support/servers.js';

const ROWS = 10;
const test = suite('a page on another origin walks the list along Link');
let service: RunningService | undefined;
let app: { server: Server; origin: string } | undefined;
let browser: Browser | undefined;
let setupError: unknown;

/** The app's origin: a blank page served from another port of 127.0.0.1. */
async function startApp(): Promise<{ server: Server; origin: string }> {
  const port = await freePort();
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>'));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${port}` };
}

test.before(async () => {
  try {
    linkRootModules(example);
    app = await startApp();
    service = await startService(example, '', 'writes', { DATA_DIR: 'memory://', CORS_ORIGINS: app.origin });
    const { accessToken } = (await (
      await fetch(`${service.api}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: SERVICE_USERNAME, password: SERVICE_PASSWORD }),
      })
    ).json()) as { accessToken: string };
    for (let i = 1; i <= ROWS; i++) {
      const created = await fetch(`${service.api}/api/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ name: `Widget ${i}`, price: i, quantity: i }),
      });
      if (created.status !== 201) throw new Error(`create ${i}: ${created.status} ${await created.text()}`);
    }
    browser = await launchChromium();
  } catch (error) {
    // uvu reports a throwing hook as (0 / N) and exits 0; make the test fail instead.
    setupError = error;
  }
});

test.after(async () => {
  await browser?.close();
  await service?.stop();
  app?.server.close();
});

test('the page reads Link on every page and follows it to the last, newest first, each product once', async () => {
  if (setupError) throw setupError;
  const page = await browser!.newPage();
  await page.goto(app!.origin);
  const walk = await page.evaluate(async (api: string) => {
    const ids: number[] = [];
    const links: (string | null)[] = [];
    let url: string | undefined = `${api}/api/products?sort=-createdAt&pageSize=3&count=exact`;
    let total: string | null = null;
    while (url !== undefined) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      ids.push(...((await response.json()) as { id: number }[]).map((product) => product.id));
      total ??= response.headers.get('x-total-count');
      const link = response.headers.get('link');
      links.push(link);
      // The Link target is a path on the API's origin, not the page's.
      const next = link === null ? undefined : /<([^>]*)>;\s*rel="next"/.exec(link)?.[1];
      url = next === undefined ? undefined : new URL(next, api).href;
    }
    // A browser global; the test's TypeScript has Node's types, not the DOM's.
    return { ids, links, total, origin: (globalThis as unknown as { location: { origin: string } }).location.origin };
  }, service!.api);
  assert.is(walk.origin, app!.origin);
  assert.is.not(walk.origin, new URL(service!.api).origin);
  assert.is(walk.total, String(ROWS));
  assert.is(walk.links.length, Math.ceil(ROWS / 3), 'one answer per page');
  assert.ok(walk.links.slice(0, -1).every((link) => link !== null && link.includes('after=')), 'every page but the last names the next');
  assert.is(walk.links.at(-1), null);
  assert.equal(
    walk.ids,
    Array.from({ length: ROWS }, (_, i) => ROWS - i),
  );
});

test.run();

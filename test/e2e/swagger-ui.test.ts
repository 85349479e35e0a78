/**
 * Swagger UI on each reference example, used as a reader uses it: get a token through the UI's
 * own token operation, Authorize, then "Try it out" and Execute on every item operation in turn,
 * sending what the UI fills in. The reader only types the password, the id of the item the create
 * answered, and one edit to the create body for a second item (a unique field must differ); every
 * answer must be the operation's success, and the browser's console must stay free of warnings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, Locator, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { entityNames } from '../../src/names/entity-names.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../../src/fields/field-spec.js';
import { changedValue } from '../../src/fields/field-values.js';
import { launchChromium } from '../support/browser.js';
import { dropCreatedDatabases, freshDatabase, linkRootModules, root } from '../support/helpers.js';
import { type RunningService, SERVICE_PASSWORD, SERVICE_USERNAME, startService } from '../support/openapi-tools.js';

interface Answer {
  status: number;
  body: string;
}

/** The operation's block on the page, by method and path as the document names them. */
function operation(page: Page, method: string, path: string): Locator {
  return page.locator(`.opblock.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
}

/**
 * Opens the operation (once), clicks "Try it out" (once), types the id if given, lets `edit` change
 * the body the UI filled in, clicks Execute and reads the answer the page shows.
 */
async function execute(block: Locator, options: { id?: number; edit?: (body: string) => string } = {}): Promise<Answer> {
  if (!(await block.locator('.opblock-body').isVisible())) await block.locator('.opblock-summary').click();
  // The body renders after the click: wait for its button, then click it unless it already says Cancel
  // (isVisible does not wait, and on a busy machine skipped the click, leaving the body read-only).
  const tryOut = block.locator('button.try-out__btn');
  await tryOut.waitFor();
  if ((await tryOut.textContent())?.includes('Try it out')) await tryOut.click();
  const clear = block.locator('button.btn-clear');
  if (await clear.isVisible()) await clear.click();
  if (options.id !== undefined) await block.locator('tr[data-param-name="id"] input').fill(String(options.id));
  if (options.edit !== undefined) {
    const body = block.locator('textarea.body-param__text');
    await body.fill(options.edit(await body.inputValue()));
  }
  await block.locator('button.execute').click();
  const status = block.locator('.live-responses-table tr.response .response-col_status').first();
  await status.waitFor({ timeout: 30_000 });
  const shown = block.locator('.live-responses-table .response-col_description .highlight-code pre');
  return { status: Number((await status.textContent())?.trim()), body: (await shown.count()) > 0 ? ((await shown.first().textContent()) ?? '') : '' };
}

/** The create body with another value for each unique field, or for the first field when none is unique: a second item. */
function secondItem(fields: readonly FieldSpec[]) {
  const changed = fields.some((field) => field.unique) ? fields.filter((field) => field.unique) : fields.slice(0, 1);
  return (body: string) => JSON.stringify({ ...JSON.parse(body), ...Object.fromEntries(changed.map((field) => [field.name, changedValue(field)])) });
}

/** What the walk saw: each step's status, the two creates' answers and the list's. */
interface Walk {
  statuses: Record<string, number>;
  created: { id: number }[];
  listed: unknown;
  /** What the browser sent in each step: method, path and query, and the headers a reader may fill in. */
  sent: string[];
  /** Warnings and errors in the browser's console (Swagger UI's "Could not find component: ..." among them). */
  console: string[];
}

const SUCCESS = { token: 200, create: 201, 'create again, the body edited': 201, list: 200, get: 200, update: 200, delete: 204 };

/** Runs every step, whatever the answers, so that a failure shows them all; get, update and delete take the last item created. */
async function walk(page: Page, fields: readonly FieldSpec[], collection: string): Promise<Walk> {
  const result: Walk = { statuses: {}, created: [], listed: undefined, sent: [], console: [] };
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') result.console.push(`${message.type()}: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    const headers = Object.entries(request.headers()).filter(([name]) => /^(if-|idempotency-)/.test(name));
    if (url.pathname.startsWith('/api/')) result.sent.push(`${request.method()} ${url.pathname}${url.search} ${JSON.stringify(Object.fromEntries(headers))}`);
  });
  const step = async (name: keyof typeof SUCCESS, block: Locator, options?: Parameters<typeof execute>[1]) => {
    const answer = await execute(block, options);
    result.statuses[name] = answer.status;
    return answer.status < 300 && answer.body !== '' ? JSON.parse(answer.body) : undefined;
  };

  const token = await step('token', operation(page, 'post', '/api/auth/token'), {
    edit: () => JSON.stringify({ username: SERVICE_USERNAME, password: SERVICE_PASSWORD }),
  });
  await page.locator('button.btn.authorize').first().click();
  await page.locator('.modal-ux input').first().fill(token?.accessToken ?? '');
  await page.locator('.modal-ux button.authorize').click();
  await page.locator('.modal-ux button.btn-done').click();

  const item = `${collection}/{id}`;
  for (const created of [
    await step('create', operation(page, 'post', collection)),
    await step('create again, the body edited', operation(page, 'post', collection), { edit: secondItem(fields) }),
  ]) {
    if (created !== undefined) result.created.push(created);
  }
  result.listed = await step('list', operation(page, 'get', collection));
  const id = result.created.at(-1)?.id ?? 1;
  await step('get', operation(page, 'get', item), { id });
  await step('update', operation(page, 'put', item), { id });
  await step('delete', operation(page, 'delete', item), { id });
  return result;
}

// ---

/** The reference examples, with the fields their answers files give (none: the item's standard ones). */
const EXAMPLES = ['product-service', 'book-service'].map((name) => {
  const dir = join(root, 'examples', name);
  const answers = JSON.parse(readFileSync(join(dir, 'create-item-service.json'), 'utf8')) as { entity: string; fields?: FieldSpec[] };
  return { name, dir, fields: answers.fields ?? DEFAULT_FIELDS, collection: `/api/${entityNames(answers.entity).routeSegment}` };
});

const test = suite('Swagger UI: "Try it out" on every operation, as the UI fills it in');
let browser: Browser | undefined;
let setupError: unknown;

test.before(async () => {
  try {
    browser = await launchChromium();
  } catch (error) {
    // uvu reports a throwing hook as (0 / N) and exits 0; make every test fail instead.
    setupError = error;
  }
});

test.after(async () => {
  await browser?.close();
  await dropCreatedDatabases();
});

for (const { name, dir, fields, collection } of EXAMPLES) {
  test(`${name}: token, Authorize, create, create again with an edited body, list, get, update, delete`, async () => {
    if (setupError) throw setupError;
    linkRootModules(dir);
    let service: RunningService | undefined;
    const page = await browser!.newPage();
    try {
      // PostgreSQL where there is one (CI): it starts faster than the embedded database.
      const serverUrl = process.env.DATABASE_URL;
      service = serverUrl
        ? await startService(dir, await freshDatabase(serverUrl, 'swagger_ui'), 'writes')
        : await startService(dir, '', 'writes', { DATA_DIR: 'memory://' });
      await page.goto(`${service.api}/swagger`);
      const { statuses, created, listed, sent, console: messages } = await walk(page, fields, collection);
      console.log(`  ${name}: ${Object.entries(statuses).map(([step, status]) => `${step} ${status}`).join(', ')}`);
      assert.equal(statuses, SUCCESS, `sent:\n${sent.join('\n')}`);
      assert.is(created.length, 2);
      assert.is.not(created[0]!.id, created[1]!.id, 'the second create made a second item');
      assert.equal((listed as { id: number }[]).map((row) => row.id), created.map((row) => row.id), 'the list shows both');
      assert.equal(messages, [], 'no warning or error in the browser console');
    } finally {
      await page.close();
      await service?.stop();
    }
  });
}

test.run();

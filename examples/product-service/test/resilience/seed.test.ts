import { randomBytes } from 'node:crypto';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { listProducts } from '../../src/product/product.repository.js';
import { productSchema } from '../../src/product/product.schema.js';
import { testConfig } from '../helpers.js';
import { npmRun, scratchDatabase } from '../scratch-database.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests walk the OpenAPI document by path; their assertions check the shape.
type Json = Record<string, any>;

/** The example of each field of the create request, as the OpenAPI document shows it. */
function documentedExamples(): Record<string, unknown> {
  const { properties } = (buildOpenApiDocument(testConfig().auth) as Json).components.schemas.ProductCreate;
  return Object.fromEntries(Object.entries(properties as Json).map(([key, schema]) => [key, schema.example]));
}

/** The key of cursors these reads never follow. */
const ANY_KEY = randomBytes(32);

const test = suite('npm run db:seed');

test('inserts the requested number of valid products with the documented examples, into an unmigrated database', async () => {
  const scratch = await scratchDatabase();
  try {
    const result = await npmRun('db:seed', ['7'], scratch.env);
    assert.is(result.code, 0, result.stderr);
    assert.match(result.stdout, 'inserted 7 example products');

    const db = await scratch.open();
    try {
      const { rows, total } = await listProducts({ pageSize: 100, count: 'exact' }, ANY_KEY);
      assert.is(total, 7);
      const examples = documentedExamples();
      const label = Object.keys(examples).find((key) => typeof examples[key] === 'string')!;
      rows.forEach((item, index) => {
        const { error } = productSchema.validate(item);
        assert.is(error, undefined, error?.message);
        for (const [key, value] of Object.entries(examples)) {
          assert.equal((item as Json)[key], key === label ? `${value} ${index + 1}` : value, key);
        }
      });
    } finally {
      await db.close();
    }

    // A second run adds to what is there.
    assert.is((await npmRun('db:seed', [], scratch.env)).code, 0);
    const again = await scratch.open();
    try {
      assert.is((await listProducts({ pageSize: 1, count: 'exact' }, ANY_KEY)).total, 17, 'the default count is 10');
    } finally {
      await again.close();
    }
  } finally {
    await scratch.drop();
  }
});

test('refuses a count that is not a whole number from 1 to 100000, and touches no database', async () => {
  // A database URL that cannot be reached: had the command tried it, it would fail differently.
  // The runs are independent: run them side by side.
  const refused = [['0'], ['2.5'], ['100001'], ['3', '4']];
  const runs = refused.map(async (args) => ({
    args,
    result: await npmRun('db:seed', args, { DATABASE_URL: 'postgres://app:app@127.0.0.1:1/none' }),
  }));
  for (const { args, result } of await Promise.all(runs)) {
    assert.is(result.code, 1, args.join(' '));
    assert.match(result.stderr, /count must be an integer from 1 to 100000/, args.join(' '));
  }
});

test.run();

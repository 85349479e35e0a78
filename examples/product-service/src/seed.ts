import { fail, withDatabase } from './command-line.js';
import { validator } from './http/validate.js';
import { migrateLatest } from './migrations/index.js';
import { createProduct } from './product/product.repository.js';
import { type ProductCreate, productCreateSchema } from './product/product.schema.js';

// `npm run db:seed -- [count]`: inserts `count` example products (10 unless given) into the
// configured database, migrating it first, for a demo or a manual test.
const DEFAULT_COUNT = 10;
const MAX_COUNT = 100_000;

/**
 * The example values the OpenAPI document shows (the schema's `.example()`), so they pass
 * every rule of the schema; the first text field gets a number to tell the products apart.
 */
const validateProduct = validator(productCreateSchema);

function exampleProduct(number: number): ProductCreate {
  const keys = productCreateSchema.describe().keys as Record<string, { type: string; examples?: unknown[] }>;
  const fields: Record<string, unknown> = {};
  for (const [key, description] of Object.entries(keys)) {
    if (description.examples?.length) fields[key] = description.examples[0];
  }
  const label = Object.keys(fields).find((key) => typeof fields[key] === 'string');
  if (label) fields[label] = `${String(fields[label])} ${number}`;
  return validateProduct(fields);
}

const [countArgument = String(DEFAULT_COUNT), ...extra] = process.argv.slice(2);
const count = /^\d+$/.test(countArgument) ? Number(countArgument) : NaN;
if (extra.length > 0 || !(count >= 1 && count <= MAX_COUNT)) {
  fail(`usage: npm run db:seed -- [count]: count must be an integer from 1 to ${MAX_COUNT}, got "${process.argv.slice(2).join(' ')}"`);
}

// Every record is built and validated before the first insert: a schema the examples no longer pass inserts nothing.
let records: ProductCreate[] = [];
try {
  records = Array.from({ length: count }, (_, index) => exampleProduct(index + 1));
} catch (error) {
  fail(`The examples in product.schema.ts do not pass its own rules: ${error instanceof Error ? error.message : String(error)}`);
}
await withDatabase(async (db, logger) => {
  await migrateLatest(db);
  const ids: number[] = [];
  // Seeded by hand, with no token: who created them is not recorded.
  for (const record of records) ids.push((await createProduct(record, null)).id);
  logger.info({ inserted: ids.length, firstId: ids[0], lastId: ids.at(-1), database: db.kind }, `inserted ${ids.length} example products`);
});

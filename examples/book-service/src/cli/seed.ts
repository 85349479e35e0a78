import { CAPACITY, numbered } from '../../test/support/factory.js';
import { BookModel } from '../book/book.model.js';
import { createBook } from '../book/book.repository.js';
import { bookCreateSchema } from '../book/book.schema.js';
import { ConflictError } from '../http/errors.js';
import { validator } from '../http/validate.js';
import { migrateLatest } from '../migrations/index.js';
import { fail, withDatabase } from './command-line.js';

// `npm run db:seed -- [count]`: fills the books table up to `count` example books (10 unless
// given), migrating the database first, for a demo or a manual test. Run again, it inserts nothing.
// The rows are the tests' own (test/support/factory.ts), made from the create schema as the document states
// it: a unique field's values distinct, patterns honoured. A development tool, like the factory and
// its fast-check: the build (tsconfig.json) leaves it out.
const DEFAULT_COUNT = 10;
const MAX_COUNT = 100_000;

const validateBook = validator(bookCreateSchema);

const [countArgument = String(DEFAULT_COUNT), ...extra] = process.argv.slice(2);
const count = /^\d+$/.test(countArgument) ? Number(countArgument) : NaN;
if (extra.length > 0 || !(count >= 1 && count <= MAX_COUNT)) {
  fail(`usage: npm run db:seed -- [count]: count must be an integer from 1 to ${MAX_COUNT}, got "${process.argv.slice(2).join(' ')}"`);
}

/**
 * The factory's numbers to try, as many as the unique fields allow: on after the rows the table
 * holds (a seed before took the first ones), then from 1 for what an owner's rows left free.
 */
function* numbers(held: number): Generator<number> {
  const last = Math.min(CAPACITY.count, held + MAX_COUNT);
  for (let n = held + 1; n <= last; n += 1) yield n;
  for (let n = 1; n <= Math.min(held, last); n += 1) yield n;
}

await withDatabase(async (db) => {
  await migrateLatest(db);
  const held = await BookModel.query().resultSize();
  if (held >= count) {
    process.stdout.write(`The books table holds ${held} books already: nothing to insert.\n`);
    return;
  }
  let inserted = 0;
  for (const n of numbers(held)) {
    if (held + inserted >= count) break;
    try {
      // Seeded by hand, with no token: who created them is not recorded.
      await createBook(validateBook(numbered(n)), null);
      inserted += 1;
    } catch (error) {
      // An owner's row holds this number's unique value: the next number may be free.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  const total = held + inserted;
  const why =
    CAPACITY.field === undefined
      ? 'the values its unique fields allow are taken'
      : `${CAPACITY.field} has ${CAPACITY.count} distinct values`;
  const short = total < count ? `, fewer than the ${count} asked: ${why}` : '';
  process.stdout.write(`Inserted ${inserted} example books${short}; the books table holds ${total}.\n`);
});

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { ObjectSchema } from 'joi';
import type { Model } from 'objection';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { renderProject } from '../../src/generate/generate.js';
import { exampleValue } from '../../src/fields/field-values.js';
import { requestExamples } from '../../src/views/openapi-examples.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';
import { linkRootModules, root, tempDir } from '../support/helpers.js';

/** The files that follow the fields so far; the rest of the tree still assumes the standard item. */
const FOLLOWING = ['src/book/book.model.ts', 'src/book/book.schema.ts', 'src/http/list-query.ts', 'src/migrations/001-create-books.ts'];

/** A Book with a field of every type, rendered and written to a folder with the root's packages. */
function renderBook(): string {
  const dir = tempDir();
  const files = renderProject({ entity: 'Book', port: 8080, managementPort: 8081, fields: EVERY_TYPE });
  // Everything but the client-types workspace (whose prepare would generate the types): the model test opens the project's database module.
  for (const [path, content] of files) {
    if (path.startsWith('tools/')) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  writeFileSync(
    join(dir, 'tsconfig.fields.json'),
    JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: true }, include: FOLLOWING }),
  );
  linkRootModules(dir);
  return dir;
}

const book = renderBook();

// ---

const rendered = suite('a Book with a field of every type');

rendered('its model, schemas and migration type-check, the schemas\' keys and kinds against the model', () => {
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.fields.json'], {
    cwd: book,
    encoding: 'utf8',
  });
  assert.is(tsc.status, 0, tsc.stdout + tsc.stderr);
});

rendered('its create schema accepts every field\'s example and refuses values that break each field\'s rules', async () => {
  const schemas = (await import(pathToFileURL(join(book, 'src/book/book.schema.ts')).href)) as Record<string, ObjectSchema>;
  const create = schemas.bookCreateSchema!.prefs({ convert: false, abortEarly: false });
  const full = Object.fromEntries(EVERY_TYPE.map((field) => [field.name, exampleValue(field)]));
  assert.is(create.validate(full).error, undefined);
  assert.is(create.validate({ title: 'A title' }).error, undefined, 'only the required field');
  const refused: [string, unknown][] = [
    ['title', 'x'],
    ['title', ' leading space'],
    ['isbn', 'ISBN'],
    ['summary', 'a\u0000b'],
    ['pages', 10_001],
    ['pages', 1.5],
    ['unitPrice', 1.255],
    ['unitPrice', 100_000_000],
    ['available', 'true'],
    ['published', '31.01.2026'],
    ['published', '2026-02-30'],
    ['lastCheckedAt', 'yesterday'],
    ['lastCheckedAt', '2026-01-01T12:00:00'],
    ['catalogId', 'abc'],
    ['contact', 'nobody'],
    ['format', 'audiobook'],
  ];
  for (const [name, value] of refused) {
    const { error } = create.validate({ ...full, [name]: value });
    assert.ok(error, `${name}: ${JSON.stringify(value)} was accepted`);
    assert.match(error.message, new RegExp(`"${name}"`), name);
  }
  const update = schemas.bookUpdateSchema!.prefs({ convert: false, abortEarly: false });
  const examples = requestExamples(EVERY_TYPE);
  for (const { key, value } of examples.create) assert.is(create.validate(value).error, undefined, `create example ${key}`);
  for (const { key, value } of examples.update) assert.is(update.validate(value).error, undefined, `update example ${key}`);
  const { error } = create.validate({});
  assert.match(error?.message ?? '', /"title" is required/);
  for (const field of EVERY_TYPE.filter((spec) => !spec.required)) {
    assert.is(create.validate({ ...full, [field.name]: null }).error, undefined, `${field.name}: null clears it`);
  }
});

rendered('its migration and model store every accepted value and read it back unchanged', async () => {
  const module = (path: string) => import(pathToFileURL(join(book, path)).href);
  const migration = (await module('src/migrations/001-create-books.ts')) as { up: (knex: unknown) => Promise<void> };
  const { BookModel: Book } = (await module('src/book/book.model.ts')) as { BookModel: typeof Model };
  const { openDatabase } = (await module('src/db/database.ts')) as {
    openDatabase: (config: object, logger: unknown) => Promise<{ knex: unknown; close: () => Promise<void> }>;
  };
  const { createLogger } = (await module('src/logger.ts')) as { createLogger: (level: string) => unknown };
  /** A stored book as the API would answer it. */
  type Stored = Record<string, unknown> & { id: number };
  const json = (model: Model | undefined) => (model?.toJSON() ?? {}) as Stored;
  // The project's own database module: its type parsers keep dates and timestamps as the API answers them.
  const database = await openDatabase({ dataDir: 'memory://', dbPoolMax: 1, dbStatementTimeoutMs: 10_000, dbConnectTimeoutMs: 10_000 }, createLogger('silent'));
  try {
    await migration.up(database.knex);
    const books = Book.bindKnex(database.knex as never);
    const values = Object.fromEntries(EVERY_TYPE.map((field) => [field.name, exampleValue(field)]));
    const stored = json(await books.query().insert(values).returning('*'));
    const read = json(await books.query().findById(stored.id));
    for (const [name, value] of Object.entries(values)) assert.equal(read[name], value, name);
    // Left out, optional fields read back as their defaults, or null.
    const minimal = json(await books.query().insert({ title: 'A title' }).returning('*'));
    for (const field of EVERY_TYPE.filter((spec) => !spec.required)) assert.equal(minimal[field.name], field.default ?? null, field.name);
  } finally {
    await database.close();
  }
});

rendered.run();

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where index.ts lists its migrations: the last import and the last entry are the anchors for the next one. */
const IMPORT_LINE = /^import \* as \w+ from '\.\/\d{3}-[a-z0-9-]+\.js';$/gm;
const ENTRY_LINE = /^ {2}'\d{3}-[a-z0-9-]+': \w+,$/gm;

/**
 * 'Add SKU' -> 'add-sku', 'addSkuIndex' -> 'add-sku-index', 'drop_old_column' -> 'drop-old-column'.
 * Undefined when nothing usable is left.
 */
export function migrationSlug(name: string): string | undefined {
  const slug = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return /^[a-z]/.test(slug) ? slug : undefined;
}

/**
 * Creates the next numbered migration in `dir` (e.g. 002-add-sku.ts, with an empty `up` and
 * `down`) and registers it in `dir`/index.ts. Checks everything before writing anything.
 * Returns the migration's name, which is also what knex records once it is applied.
 */
export async function createMigration(dir: string, name: string): Promise<{ name: string; file: string }> {
  const slug = migrationSlug(name);
  if (!slug) throw new Error(`"${name}" cannot name a migration: use words, e.g. add-sku or "add sku"`);

  const numbers = (await readdir(dir))
    .map((file) => /^(\d{3})-.+\.ts$/.exec(file)?.[1])
    .filter(Boolean)
    .map(Number);
  const number = String(Math.max(0, ...numbers) + 1).padStart(3, '0');
  const migration = `${number}-${slug}`;

  const indexPath = join(dir, 'index.ts');
  const index = await readFile(indexPath, 'utf8');
  const lastImport = [...index.matchAll(IMPORT_LINE)].at(-1);
  const lastEntry = [...index.matchAll(ENTRY_LINE)].at(-1);
  if (!lastImport || !lastEntry) {
    throw new Error(`${indexPath} no longer lists its migrations as it did: register ${migration} there by hand`);
  }
  let identifier = slug.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
  if (new RegExp(`\\b${identifier}\\b`).test(index)) identifier += number;

  const registered =
    index.slice(0, lastImport.index + lastImport[0].length) +
    `\nimport * as ${identifier} from './${migration}.js';` +
    index.slice(lastImport.index + lastImport[0].length, lastEntry.index + lastEntry[0].length) +
    `\n  '${migration}': ${identifier},` +
    index.slice(lastEntry.index + lastEntry[0].length);

  const file = join(dir, `${migration}.ts`);
  await writeFile(file, MIGRATION, { flag: 'wx' });
  await writeFile(indexPath, registered);
  return { name: migration, file };
}

const MIGRATION = `import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('books', (table) => {
    // e.g. table.string('sku', 40).nullable();
  });
}

/** Undoes up() exactly: \`npm run migrate:down\` runs it. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('books', (table) => {
    // e.g. table.dropColumn('sku');
  });
}
`;

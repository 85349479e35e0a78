import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

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
 * `down`): index.ts runs every migration file of its folder. Returns the migration's name, which
 * is also what knex records once it is applied.
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
  const file = join(dir, `${migration}.ts`);
  await writeFile(file, MIGRATION, { flag: 'wx' });
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

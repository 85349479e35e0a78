import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('books', (table) => {
    // serial (int4): int8 ids would come back as strings or BigInt.
    table.increments('id').primary();
    table.string('title', 200).notNullable();
    table.string('isbn', 255).notNullable();
    table.integer('pages').nullable();
    table.decimal('price', 10, 2).nullable();
    table.enum('format', ['hardcover', 'paperback', 'ebook']).nullable().defaultTo('paperback');
    table.date('published').nullable();
    table.boolean('available').nullable().defaultTo(true);
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    // A delete keeps the row until it is restored or purged (see book.repository.ts); the
    // index serves the purge and the oldest deleted row's age, which read only deleted rows.
    table.timestamp('deleted_at', { useTz: true }).nullable();
    table.string('deleted_by', 255).nullable();
    table.index(['deleted_at'], undefined, { predicate: knex.whereNotNull('deleted_at') });
    // A deleted row frees its unique values: each is unique among the live rows only.
    table.unique(['isbn'], { indexName: 'books_isbn_unique', predicate: knex.whereNull('deleted_at') });
    // Raised by every update in the same statement: the ETag of the book's answers, which
    // If-Match compares in the write's own WHERE.
    table.integer('version').notNullable().defaultTo(1);
    // An index on (key, id) for each key the list sorts by besides id: a page in that order, from
    // its start or from a cursor, reads one stretch of the index and stops, however long the table.
    table.index(['created_at', 'id']);
    table.index(['updated_at', 'id']);
    table.index(['isbn', 'id']);
  });
}

/** Undoes up() exactly: `npm run migrate:down` runs it. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('books');
}

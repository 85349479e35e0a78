import { literal, templateLiteralText } from '../code/code-text.js';

/** The statements of a migration: each one `await ...;` over one or more lines, indented for a function body. */
type Statement = string[];

/**
 * The trigger function: one outbox row per changed row, in the change's own statement and
 * transaction. The row is read as JSON, so the function holds no column of the table and survives
 * every field migration; `deleted_at` tells a delete and a restore where soft delete is on. The purge
 * of a row deleted before is no change a consumer has not heard of. A hard delete leaves no row to
 * say who did it: the repository sets `app.actor` for it, transaction-local. It runs as its owner
 * (security definer, with the search path it was made with), so a request's role may change the
 * table without being granted the outbox: under tenancy on the embedded database, requests take a
 * role of their own, and no tenant's role can read the events of another.
 */
const TRIGGER_FUNCTION = `create function record_change_in_outbox() returns trigger language plpgsql security definer set search_path from current as $$
declare
  before jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  after jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  change text;
  actor text;
begin
  if tg_op = 'INSERT' then
    change := 'created';
    actor := after->>'created_by';
  elsif tg_op = 'DELETE' then
    if before->>'deleted_at' is not null then
      return null;
    end if;
    change := 'deleted';
    actor := nullif(current_setting('app.actor', true), '');
    after := before;
  elsif before->>'deleted_at' is null and after->>'deleted_at' is not null then
    change := 'deleted';
    actor := after->>'deleted_by';
  elsif before->>'deleted_at' is not null and after->>'deleted_at' is null then
    change := 'restored';
    actor := after->>'updated_by';
  else
    change := 'updated';
    actor := after->>'updated_by';
  end if;
  insert into outbox (item_id, type, actor, data) values ((after->>'id')::integer, change, actor, after);
  return null;
end
$$`;

/**
 * Records every change of `table` in the outbox: the outbox (ordered by `position`; `id` is the
 * event's identity, which the broker de-duplicates by), the relay's lease (one replica relays at a
 * time, so each item's events leave in order), and the trigger that writes the rows.
 */
export function recordChanges(table: string): Statement[] {
  return [
    [
      "  await knex.schema.createTable('outbox', (table) => {",
      "    table.bigIncrements('position');",
      "    table.uuid('id').notNullable().unique().defaultTo(knex.fn.uuid());",
      "    table.integer('item_id').notNullable();",
      '    // created, updated, deleted or restored.',
      "    table.string('type', 20).notNullable();",
      "    table.string('actor', 255).nullable();",
      '    // The row after the change (before it, for a delete), as the table holds it.',
      "    table.jsonb('data').notNullable();",
      "    table.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());",
      '  });',
    ],
    [
      "  await knex.schema.createTable('outbox_relay', (table) => {",
      "    table.string('name', 64).primary();",
      "    table.string('holder', 64).notNullable();",
      "    table.timestamp('expires_at', { useTz: true }).notNullable();",
      '  });',
    ],
    ['  await knex.raw(`', ...templateLiteralText(TRIGGER_FUNCTION).split('\n').map((line) => `    ${line}`), '  `);'],
    [
      `  await knex.raw('create trigger record_change after insert or update or delete on ?? for each row execute function record_change_in_outbox()', [${literal(table)}]);`,
    ],
  ];
}

/**
 * Undoes recordChanges(). It refuses while the outbox holds events not yet relayed: they would be
 * lost to every consumer.
 */
export function stopRecordingChanges(table: string): Statement[] {
  return [
    [
      "  const [row] = await knex('outbox').count({ pending: '*' });",
      '  const pending = Number(row?.pending ?? 0);',
      '  if (pending > 0) {',
      '    throw new StartupError(`the outbox holds ${pending} events not yet published: start the service with its broker until it is empty (metric events_outbox_depth), then migrate again`);',
      '  }',
    ],
    [`  await knex.raw('drop trigger record_change on ??', [${literal(table)}]);`],
    ["  await knex.raw('drop function record_change_in_outbox()');"],
    ["  await knex.schema.dropTable('outbox_relay');"],
    ["  await knex.schema.dropTable('outbox');"],
  ];
}

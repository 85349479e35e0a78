import type { Knex } from 'knex';

import { StartupError } from '../startup-error.js';

/**
 * The outbox: every change of books is recorded here by a trigger, in the change's own
 * transaction, and the relay publishes it (see events/relay.ts). A change that rolls back
 * leaves no event; one that commits leaves exactly one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (table) => {
    table.bigIncrements('position');
    table.uuid('id').notNullable().unique().defaultTo(knex.fn.uuid());
    table.integer('item_id').notNullable();
    // created, updated, deleted or restored.
    table.string('type', 20).notNullable();
    table.string('actor', 255).nullable();
    // The row after the change (before it, for a delete), as the table holds it.
    table.jsonb('data').notNullable();
    table.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('outbox_relay', (table) => {
    table.string('name', 64).primary();
    table.string('holder', 64).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.raw(`
    create function record_change_in_outbox() returns trigger language plpgsql security definer set search_path from current as $$
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
    $$
  `);
  await knex.raw(
    'create trigger record_change after insert or update or delete on ?? for each row execute function record_change_in_outbox()',
    ['books'],
  );
}

/** Undoes up() exactly: `npm run migrate:down` runs it. */
export async function down(knex: Knex): Promise<void> {
  const [row] = await knex('outbox').count({ pending: '*' });
  const pending = Number(row?.pending ?? 0);
  if (pending > 0) {
    throw new StartupError(
      `the outbox holds ${pending} events not yet published: start the service with its broker until it is empty (metric events_outbox_depth), then migrate again`,
    );
  }
  await knex.raw('drop trigger record_change on ??', ['books']);
  await knex.raw('drop function record_change_in_outbox()');
  await knex.schema.dropTable('outbox_relay');
  await knex.schema.dropTable('outbox');
}

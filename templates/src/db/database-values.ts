import type { Knex } from 'knex';
import pg from 'pg';

// How values come off the wire on the service's connections, PostgreSQL and PGlite alike.

/**
 * A PostgreSQL `date` is a calendar day, with no time or zone: both drivers would turn it into a
 * Date at local midnight, which JSON then prints as the previous or next day east or west of
 * UTC. Kept as the `YYYY-MM-DD` text the server sends, on this service's connections only
 * (pg's setTypeParser would change every pg client in the process).
 */
export const keepDateText = (value: string) => value;

const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date;

/**
 * A timestamptz as the API answers it: ISO 8601 in UTC with milliseconds. On a session in UTC the
 * server sends that instant already (`2026-01-01 12:00:00.123456+00`), so the text is only
 * re-punctuated: making a Date of it and printing that again took a fifth of the CPU of a 100-row
 * list. Another offset (the session's TimeZone), or a year past 9999, goes through the driver's parser.
 */
export function instantText(text: string): string {
  if (text.length < 22 || text[10] !== ' ' || !text.endsWith('+00')) return parseTimestamptz(text).toISOString();
  // Fractional seconds come without trailing zeros, up to microseconds: cut or padded to milliseconds.
  const fraction = text.slice(20, -3).padEnd(3, '0').slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

export const pgTypes: Knex.PgCustomTypesConfig = {
  getTypeParser: (oid, format) => {
    if (oid === pg.types.builtins.DATE) return keepDateText;
    if (oid === pg.types.builtins.TIMESTAMPTZ) return instantText;
    return pg.types.getTypeParser(oid, format === 'binary' ? 'binary' : 'text');
  },
};

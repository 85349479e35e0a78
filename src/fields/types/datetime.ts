import { allow, COMMON_MODIFIERS, type FieldOf, type FieldTypeModule } from './field-type.js';
import { isRealDate } from './calendar.js';

/**
 * Where a date-time could fall outside the years 0001-9999 once in UTC, whatever its hour: year
 * 0000, which the calendar lacks, the first day ahead of UTC and the last day behind it. Outside
 * those years an instant reads back as +010000-... or as a year before 0001.
 */
const OUTSIDE_YEARS = String.raw`0000-|0001-01-01T[^+]*\+(?!00:00)|9999-12-31T[^-]*-(?!00:00)`;
/**
 * A date-time as the service accepts it, and as the document's pattern states it: RFC 3339 with
 * seconds (its date-time has them: 12:00Z is no RFC 3339 time) and a time zone always (Z, or an
 * offset of up to 23:59 either way), at most milliseconds (more would be cut), in the years
 * 0001-9999 both as written and in UTC.
 */
export const DATETIME = new RegExp(
  String.raw`^(?!${OUTSIDE_YEARS})\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,3})?` +
    String.raw`(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$`,
);

/** An instant: ISO 8601 with a time zone, stored as timestamptz and answered in UTC. */
export const datetimeType: FieldTypeModule<FieldOf<'datetime'>> = {
  hint: 'an instant, ISO 8601, answered in UTC',
  modifiers: COMMON_MODIFIERS,
  columnType: () => 'timestamptz',
  knexColumn: (_field, column) => `table.timestamp(${column}, { useTz: true })`,
  tsType: () => 'string',
  // http/value-rules.ts's DATE_TIME (the generator's DATETIME): a time zone always, since a time
  // without one would be read in the database server's zone; at most milliseconds, as more would
  // be cut; years the database answers as written. storableInstant hands the database UTC, as
  // PostgreSQL refuses some offsets RFC 3339 allows. The note joins the filters' descriptions.
  joi: (_field, nullable) => ({
    head: 'Joi.string()',
    calls: [
      ...allow(nullable),
      ".pattern(DATE_TIME, 'date-time')",
      '.custom(calendarDate)',
      '.custom(storableInstant)',
      '.messages({ ...dateMessages, ...instantMessages })',
      '.note(INSTANT_RULE)',
    ],
  }),
  jsonSchema: () => ({ type: 'string', format: 'date-time', pattern: DATETIME.source }),
  descriptionEnd: 'INSTANT_RULE',
  says: () => ['an offset of up to 23:59 either way', 'years 0001-9999 both as written and in UTC'],
  tableRules: () => [],
  readmeRule: () => 'a date and time with a time zone (ISO 8601), read back in UTC',
  valueProblem: (_field, value) =>
    typeof value === 'string' && DATETIME.test(value) && isRealDate(value.slice(0, 10))
      ? undefined
      : 'must be an ISO 8601 date and time with seconds and a time zone, e.g. 2026-01-01T12:00:00Z, at most milliseconds, in the years 0001-9999 as written and in UTC',
  madeUpExample: () => '2026-01-01T12:00:00.000Z',
  storedForm: (value) => new Date(value).toISOString(),
  changeCandidates: (_field, example) => [new Date(Date.parse(String(example)) + 3_600_000).toISOString()],
};

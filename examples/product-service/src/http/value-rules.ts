import type { CustomHelpers } from 'joi';

/*
 * What any value the API reads must be beyond its field's own rule: text PostgreSQL stores
 * unchanged, days the calendar has, instants in the years both sides can write. The entity's
 * schema module applies them to its fields and filters.
 */

/** Rejects strings PostgreSQL cannot store unchanged (NUL) or that are not valid UTF-16 (lone surrogates). */
export const storableText = (value: string, helpers: CustomHelpers) =>
  value.includes('\u0000') || !value.isWellFormed() ? helpers.error('string.storable') : value;

export const textMessages = { 'string.storable': '{{#label}} must not contain NUL characters or unpaired surrogates' };

/**
 * Refuses days the calendar does not have, such as 2026-02-30 or year 0, also as the day of a
 * date-time (its pattern lets them through): the database would refuse them with an error.
 */
export const calendarDate = (value: string, helpers: CustomHelpers) => {
  const day = value.slice(0, 10);
  // What does not start with a day at all is the format's to refuse, in its own words.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return value;
  const time = Date.parse(`${day}T00:00:00Z`);
  const real = !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day && !day.startsWith('0000');
  return real ? value : helpers.error('date.calendar');
};

export const dateMessages = { 'date.calendar': '{{#label}} must be a date the calendar has' };

/**
 * A date-time as the API reads it, and as the document's pattern states it: RFC 3339 with a time
 * zone always (Z, or an offset of up to 23:59 either way), at most milliseconds (an answer has no
 * more), in the years 0001-9999 both as written and in UTC (outside them an instant reads back as
 * +010000-... or a year before 0001): no year 0000, no offset ahead of UTC on 0001-01-01, none
 * behind it on 9999-12-31.
 */
export const DATE_TIME =
  /^(?!0000-|0001-01-01T[^+]*\+(?!00:00)|9999-12-31T[^-]*-(?!00:00))\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,3})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** The rule of every date-time the API reads, for the document. */
export const INSTANT_RULE =
  'A date-time has seconds and a time zone: Z, or an offset of up to 23:59 either way (answered in UTC). It has at most milliseconds and falls in ' +
  'the years 0001-9999 both as written and in UTC: 0001-01-01 takes no offset ahead of UTC, 9999-12-31 none behind it.';

/**
 * The same instant in UTC, which a Date holds exactly (DATE_TIME allows at most milliseconds):
 * PostgreSQL refuses offsets beyond 15:59, which RFC 3339 allows, so the database only ever sees Z.
 * What DATE_TIME refuses is left as it is, for its message.
 */
export const storableInstant = (value: string) =>
  DATE_TIME.test(value) && !value.endsWith('Z') ? new Date(Date.parse(value)).toISOString() : value;

export const instantMessages = {
  'string.pattern.name':
    '{{#label}} must be a date-time with a time zone, such as 2026-01-01T12:00:00Z or 2026-01-01T14:00:00.000+02:00, ' +
    'with seconds and at most milliseconds, in the years 0001-9999 both as written and in UTC',
};

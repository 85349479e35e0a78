import { allow, COMMON_MODIFIERS, type FieldOf, type FieldTypeModule } from './field-type.js';
import { isRealDate } from './calendar.js';

/** A calendar date, `YYYY-MM-DD`, which stays text on the service's connections. */
export const dateType: FieldTypeModule<FieldOf<'date'>> = {
  hint: 'a calendar date, YYYY-MM-DD',
  modifiers: COMMON_MODIFIERS,
  columnType: () => 'date',
  knexColumn: (_field, column) => `table.date(${column})`,
  tsType: () => 'string',
  joi: (_field, nullable) => ({
    head: 'Joi.string()',
    calls: [...allow(nullable), ".pattern(/^\\d{4}-\\d{2}-\\d{2}$/, 'YYYY-MM-DD')", '.custom(calendarDate)', '.messages(dateMessages)'],
  }),
  jsonSchema: () => ({ type: 'string', format: 'date' }),
  tableRules: () => [],
  readmeRule: () => 'a date, `YYYY-MM-DD`',
  valueProblem: (_field, value) => (typeof value === 'string' && isRealDate(value) ? undefined : 'must be a date as YYYY-MM-DD'),
  madeUpExample: () => '2026-01-31',
  changeCandidates: (_field, example) => [new Date(Date.parse(`${example}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)],
};

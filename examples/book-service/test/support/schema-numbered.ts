import { patternTexts } from './pattern-texts.js';
import type { Schema } from './schema-values.js';

/** Distinct values one schema allows, numbered from 0, as the service answers them. */
export interface Series {
  /** How many there are; Number.MAX_SAFE_INTEGER stands for more than any test needs. */
  count: number;
  at(index: number): unknown;
}

const MANY = Number.MAX_SAFE_INTEGER;
const DAY = 86_400_000;
const FIRST_DAY = Date.UTC(1, 0, 1);
const LAST_DAY = Date.UTC(9999, 11, 31);
/** Numbered days and instants start here and run on, then back from it once the years run out. */
const ORIGIN = Date.UTC(2000, 0, 1);

/**
 * Whole numbers from `low` to `high` (about 2^53 at most), from the one nearest `anchor` up to
 * the top, then down from below it: `from(1, 5, 3)` gives 3, 4, 5, 2, 1.
 */
function outward(low: number, high: number, anchor: number): Series {
  const start = Math.min(Math.max(anchor, low), high);
  const above = high - start + 1;
  return {
    count: Math.min(high - low + 1, MANY),
    at: (index) => (index < above ? start + index : start - (index - above + 1)),
  };
}

const mapped = (series: Series, map: (value: number) => unknown): Series => ({
  count: series.count,
  at: (index) => map(series.at(index) as number),
});

/**
 * The values of `schema` by number: an enum's members; numbers counted out from 1 (in units of
 * its scale for a decimal); days and instants on from 2000-01-01; UUIDs counted in their last
 * digits; email addresses and texts counted in the characters their rules allow (see patternTexts).
 */
export function numberedValues(schema: Schema): Series {
  if (schema.enum !== undefined) {
    const members = schema.enum.filter((member) => member !== null);
    return { count: members.length, at: (index) => members[index] };
  }
  switch (schema.type) {
    case 'boolean':
      return { count: 2, at: (index) => index === 0 };
    case 'integer':
      return outward(schema.minimum ?? -MANY, schema.maximum ?? MANY, 1);
    case 'number': {
      const factor = 10 ** (schema['x-scale'] ?? 0);
      const units = outward(
        Math.ceil((schema.minimum ?? -MANY / factor) * factor),
        Math.floor((schema.maximum ?? MANY / factor) * factor),
        1,
      );
      return mapped(units, (unit) => unit / factor);
    }
    default:
      return numberedTexts(schema);
  }
}

function numberedTexts(schema: Schema): Series {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? MANY;
  switch (schema.format) {
    case 'date':
      return mapped(outward(FIRST_DAY / DAY, LAST_DAY / DAY, ORIGIN / DAY), (day) => new Date(day * DAY).toISOString().slice(0, 10));
    case 'date-time':
      return mapped(outward(FIRST_DAY / 1000, LAST_DAY / 1000, ORIGIN / 1000), (second) => new Date(second * 1000).toISOString());
    case 'uuid':
      return mapped(outward(0, 2 ** 48 - 1, 0), (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`);
    case 'email': {
      const domain = maxLength >= 14 ? '@example.com' : '@x.io';
      const local = patternTexts('^[a-z0-9]+$', 1, maxLength - domain.length);
      return { count: local.count, at: (index) => local.at(index) + domain };
    }
    default:
      return patternTexts(schema.pattern, minLength, maxLength);
  }
}

import BaseJoi from 'joi';

/** A string schema that can bound its length in characters. */
export interface TextSchema extends BaseJoi.StringSchema {
  /** At least `limit` characters (Unicode code points). */
  minCharacters(limit: number): this;
  /** At most `limit` characters (Unicode code points). */
  maxCharacters(limit: number): this;
}

/** The number of characters in `text`: an emoji is one, where `text.length` counts it twice. */
function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * A rule with Joi's own name (min, max) that the `characters` rule checks: Joi adds its min and
 * max the same way (with `method: 'length'`), though its types leave `method` out.
 */
const characterRule = (name: 'min' | 'max', limit: number, operator: '>=' | '<=') =>
  ({ name, method: 'characters', args: { limit }, operator }) as BaseJoi.AddRuleOptions;

const limit = {
  name: 'limit',
  assert: (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0,
  message: 'must be a non-negative integer',
};

/**
 * Joi, with text lengths counted in characters, as the document's minLength and maxLength (JSON
 * Schema) and PostgreSQL's varchar(n) count them. Joi's own min and max count UTF-16 units, so
 * they would refuse 60 emoji as longer than 100. The rules keep Joi's names (min, max), so
 * joi-to-swagger states them and a refusal reads as Joi's own.
 */
export const Joi = BaseJoi.extend((joi) => ({
  type: 'string',
  base: joi.string(),
  rules: {
    characters: {
      method: false,
      args: [limit],
      validate(value: string, helpers: BaseJoi.CustomHelpers, args: { limit: number }, rule: { name: string; operator: string }) {
        const count = characterCount(value);
        const fits = rule.operator === '<=' ? count <= args.limit : count >= args.limit;
        return fits ? value : helpers.error(`string.${rule.name}`, { limit: args.limit, value });
      },
    },
    minCharacters: {
      method(limit: number) {
        return this.$_addRule(characterRule('min', limit, '>='));
      },
    },
    maxCharacters: {
      method(limit: number) {
        return this.$_addRule(characterRule('max', limit, '<='));
      },
    },
  },
})) as Omit<typeof BaseJoi, 'string'> & { string(): TextSchema };

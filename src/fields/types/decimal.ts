import indefinite from 'indefinite';

import { docComment, numberLiteral } from '../../code/code-text.js';
import { capitalize } from '../../names/entity-names.js';
import { fieldLabel } from '../../names/field-name.js';
import { DEFAULT_PRECISION, DEFAULT_SCALE, decimalBound, DOUBLE_DIGITS, MAX_PRECISION } from '../field-spec.js';
import { allow, COMMON_MODIFIERS, type FieldOf, type FieldTypeModule } from './field-type.js';
import { decimalPlaces, exactDigits, maxConstant, numberBounds, numberExample, numberProblem, scaleConstant } from './numbers.js';

type DecimalField = FieldOf<'decimal'>;

/** The column's precision and scale, the spec's or the defaults. */
const digits = (field: DecimalField) => ({ precision: field.precision ?? DEFAULT_PRECISION, scale: field.scale ?? DEFAULT_SCALE });

/** decimal(precision, scale), a JSON number: more decimals than the scale are refused, never rounded. */
export const decimalType: FieldTypeModule<DecimalField> = {
  hint: 'an exact number, e.g. a price: decimal(18,2) unless you choose',
  modifiers: [...COMMON_MODIFIERS, 'min', 'max', 'precision', 'scale'],
  columnType(field) {
    const { precision, scale } = digits(field);
    return `decimal(${precision}, ${scale})`;
  },
  knexColumn(field, column) {
    const { precision, scale } = digits(field);
    return `table.decimal(${column}, ${precision}, ${scale})`;
  },
  fromDatabase: (field, column) => [
    `// The schema's MAX_${column.toUpperCase()} keeps every stored ${fieldLabel(field.name)} exact as a double.`,
    `if (typeof json.${field.name} === 'string') json.${field.name} = Number(json.${field.name});`,
  ],
  rowType: 'string',
  tsType: () => 'number',
  joi(field, nullable) {
    const min = field.min === undefined ? `-${maxConstant(field)}` : numberLiteral(field.min);
    // The note states the scale in the filters' descriptions too (x-scale alone is read by no client).
    return {
      head: 'Joi.number()',
      calls: [
        ...allow(nullable),
        `.min(${min})`,
        `.max(${maxConstant(field)})`,
        `.precision(${scaleConstant(field)})`,
        `.note(\`At most \${${scaleConstant(field)}} decimals.\`)`,
      ],
    };
  },
  constants(field) {
    const { precision, scale } = digits(field);
    const column = `decimal(${precision},${scale})`;
    const label = fieldLabel(field.name);
    const why =
      field.max !== undefined
        ? `The largest ${label} accepted.`
        : precision > DOUBLE_DIGITS
          ? `The largest ${label} accepted. ${column} could hold ${precision - scale} integer digit${precision - scale === 1 ? '' : 's'}, but a JSON number ` +
            `(an IEEE double) is only exact to ${DOUBLE_DIGITS} significant digits, so we stop at ${exactDigits(scale, ' + ')}: ` +
            `every accepted ${label} reads back unchanged.`
          : `The largest ${label} ${column} holds.`;
    return [
      ...docComment(why),
      `export const ${maxConstant(field)} = ${numberLiteral(numberBounds(field).max)};`,
      ...docComment(`Decimals ${indefinite(label)} may have; the column is ${column}.`),
      `export const ${scaleConstant(field)} = ${scale};`,
    ];
  },
  rangeDescription(field, own) {
    const { precision, scale } = digits(field);
    const min = field.min === undefined ? `\${-${maxConstant(field)}}` : String(field.min);
    const rule =
      `${own === undefined ? '' : `${own}. `}${capitalize(fieldLabel(field.name))} with at most \${${scaleConstant(field)}} decimals (see x-scale), ` +
      `from ${min} to \${${maxConstant(field)}}; more decimals are refused, never rounded. `;
    if (field.max !== undefined || precision <= DOUBLE_DIGITS) return { rule };
    const bound =
      `The upper bound is below what decimal(${precision},${scale}) could store because a JSON number is only exact to ` +
      `${DOUBLE_DIGITS} significant digits: ${exactDigits(scale, ' plus ')} always read back unchanged.`;
    return { rule, bound };
  },
  jsonSchema: (field) => ({
    type: 'number',
    format: 'double',
    minimum: numberBounds(field).min,
    maximum: numberBounds(field).max,
    'x-scale': digits(field).scale,
  }),
  says(field) {
    const { min, max } = numberBounds(field);
    return [`at most ${digits(field).scale} decimals`, `from ${min} to ${max}`];
  },
  tableRules(field) {
    const { precision, scale } = digits(field);
    return [`decimal(${precision},${scale})`, `${numberBounds(field).min} to ${numberBounds(field).max}`];
  },
  readmeRule(field) {
    const { min, max } = numberBounds(field);
    const { scale } = digits(field);
    const decimals = scale === 0 ? 'no decimals' : `at most ${scale} decimal${scale === 1 ? '' : 's'}`;
    return `a number from ${min} to ${max} with ${decimals} (every accepted ${fieldLabel(field.name)} reads back exactly)`;
  },
  valueProblem(field, value) {
    const { scale } = digits(field);
    return numberProblem(field, value, (number) => (decimalPlaces(number) > scale ? `has more than ${scale} decimals` : undefined));
  },
  specProblem(field) {
    const { precision, scale } = digits(field);
    if (precision < 1 || precision > MAX_PRECISION) return `precision must be from 1 to ${MAX_PRECISION}`;
    if (scale > precision) return `scale ${scale} is above precision ${precision}`;
    // More decimals than a double keeps would leave only leading zeros (decimal(18,17): 0.00999999999999999 at most).
    if (scale > DOUBLE_DIGITS) {
      return `scale ${scale} is more decimals than a JSON number keeps exactly (${DOUBLE_DIGITS} significant digits): use a scale of at most ${DOUBLE_DIGITS}`;
    }
    const bound = decimalBound(precision, scale);
    for (const [key, value] of [['min', field.min], ['max', field.max]] as const) {
      if (value === undefined) continue;
      const problem = decimalType.valueProblem({ name: '', type: 'decimal', precision, scale }, value);
      if (problem) return `${key} ${value} ${problem} (decimal(${precision},${scale}) reads back exactly from ${-bound} to ${bound})`;
    }
    return undefined;
  },
  madeUpExample: numberExample,
  changeCandidates(field, example) {
    // One whole unit, else one unit of the last decimal: decimal(1,1) holds 0.0 to 0.9 only.
    const { scale } = digits(field);
    const unit = 10 ** -scale;
    return [1, -1, unit, -unit].map((step) => Number(((example as number) + step).toFixed(scale)));
  },
};

import { confirm, input, select } from '@inquirer/prompts';

import { fieldFlagText, modifierQuestions, stillAsked, type AskedModifier } from './modifier-questions.js';
import { fieldNameFromInput, validateFieldName } from '../names/field-name.js';
import { parseFieldFlags } from '../fields/flag.js';
import { DEFAULT_FIELDS, FIELD_TYPES, type FieldSpec, type FieldType } from '../fields/field-spec.js';
import { typeModule } from '../fields/types/field-types.js';

/**
 * Why the fields' `--field` texts cannot be used, or true. The flag parser is the one check of
 * the flags and the prompts alike; `partial`: more fields may follow.
 */
function flagsProblem(flags: string[], partial = true): string | true {
  try {
    parseFieldFlags(flags, { partial });
    return true;
  } catch (error) {
    // The message names the flag; at the prompt the field is already on screen.
    const message = (error as Error).message;
    const prefix = [`--field ${flags.at(-1)}: `, '--field: '].find((start) => message.startsWith(start)) ?? '';
    return message.slice(prefix.length);
  }
}

/**
 * Asks whether to keep the item's standard fields, and otherwise for the entity's own fields one
 * at a time: a name (snake_case and kebab-case become camelCase; Enter to finish), a type from
 * the list, then each modifier that fits the type. Each field is kept as the `--field` text it
 * stands for and read by the same parser, so the prompts and the flags give the same answers
 * file. Undefined means the standard fields. `say` prints a line between questions.
 */
export async function askFields(say: (line: string) => void): Promise<FieldSpec[] | undefined> {
  const standard = DEFAULT_FIELDS.map((field) => field.name).join(', ');
  if (await confirm({ message: `Keep the standard item fields (${standard})?`, default: true })) return undefined;
  const flags: string[] = [];
  const names = () => flags.map((flag) => flag.slice(0, flag.indexOf(':')));
  for (;;) {
    const typed = await input({
      message: flags.length === 0 ? 'Field name (e.g. unitPrice or unit_price):' : 'Next field name (Enter to finish):',
      validate: (value) => {
        const name = fieldNameFromInput(value);
        if (name === '') return flags.length > 0 ? flagsProblem(flags, false) : 'define at least one field';
        if (names().includes(name)) return `${name} is listed already`;
        return validateFieldName(name) ?? true;
      },
      // The name as it will be kept: tracking_number is shown as trackingNumber once answered.
      transformer: (value, { isFinal }) => (isFinal ? fieldNameFromInput(value) : value),
    });
    const name = fieldNameFromInput(typed);
    if (name === '') return parseFieldFlags(flags);
    const type = await select({
      message: `Type of ${name}:`,
      choices: FIELD_TYPES.map((value) => ({ value, name: value.padEnd(9) + typeModule(value).hint, short: value })),
      default: 'string',
      pageSize: FIELD_TYPES.length,
    });
    flags.push(await askModifiers(name, type, flags, say));
  }
}

/** Asks each modifier that fits the type, checked as its `--field` text is; returns that text. */
async function askModifiers(name: string, type: FieldType, earlier: string[], say: (line: string) => void): Promise<string> {
  const answered = new Map<AskedModifier, string | true>();
  const problemWith = (key: AskedModifier, value: string | true) =>
    flagsProblem([...earlier, fieldFlagText(name, type, new Map(answered).set(key, value))]);
  for (const question of modifierQuestions(name, type)) {
    if (!stillAsked(question.key, answered)) continue;
    if (question.kind === 'switch') {
      // A yes that the field's other answers rule out (a unique enum) is explained and asked again.
      for (;;) {
        if (!(await confirm({ message: question.message, default: false }))) break;
        const problem = problemWith(question.key, true);
        if (problem === true) {
          answered.set(question.key, true);
          break;
        }
        say(`> ${problem}`);
      }
      continue;
    }
    const value = (
      await input({
        message: question.message,
        default: question.implied,
        validate: (text) => {
          if (text.trim() === '') return question.needed ? `${name} needs ${question.key}` : true;
          return text.trim() === question.implied || problemWith(question.key, text.trim());
        },
      })
    ).trim();
    if (value !== '' && value !== question.implied) answered.set(question.key, value);
  }
  return fieldFlagText(name, type, answered);
}

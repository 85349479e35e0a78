import { checkbox, confirm, input, select } from '@inquirer/prompts';

import { fieldFlagText, ruleChoices, valueQuestions, type AskedModifier } from './modifier-questions.js';
import { fieldNameFromInput, validateFieldName } from '../names/field-name.js';
import { parseFieldFlags } from '../fields/flag.js';
import { DEFAULT_FIELDS, FIELD_TYPES, type FieldSpec, type FieldType } from '../fields/field-spec.js';
import { typeModule } from '../fields/types/field-types.js';

/** A refused answer is cleared, so the next try starts from an empty line rather than one to delete key by key. */
export const CLEAR_REFUSED = { validationFailureMode: 'clear' } as const;

/**
 * Why the fields' `--field` texts cannot be used, or true. The flag parser is the one check of
 * the flags and the prompts alike; `partial`: more fields may follow. The message is cut to what
 * the person at the prompt sees: the flag and the field are on screen already.
 */
function flagsProblem(flags: string[], partial = true): string | true {
  try {
    parseFieldFlags(flags, { partial });
    return true;
  } catch (error) {
    const message = (error as Error).message;
    const prefix = [`--field ${flags.at(-1)}: `, '--field: '].find((start) => message.startsWith(start)) ?? '';
    return message.slice(prefix.length).replace(/^field "[^"]+": /, '');
  }
}

/**
 * Asks whether to keep the item's standard fields, and otherwise for the entity's own fields one
 * at a time: a name (snake_case and kebab-case become camelCase; Enter to finish), a type from
 * the list, then the list of the rules that fit the type, most often wanted first (Enter alone is
 * done with the field), and the value of each rule picked. Each field is kept as the `--field`
 * text it stands for and read by the same parser, so the prompts and the flags give the same
 * answers file. Undefined means the standard fields. `say` prints a line between questions;
 * `nameProblem` says why a name cannot be this entity's (one its generated code takes).
 */
export async function askFields(
  say: (line: string) => void,
  nameProblem: (name: string) => string | undefined = () => undefined,
): Promise<FieldSpec[] | undefined> {
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
        return validateFieldName(name) ?? nameProblem(name) ?? true;
      },
      // The name as it will be kept: tracking_number is shown as trackingNumber once answered.
      transformer: (value, { isFinal }) => (isFinal ? fieldNameFromInput(value) : value),
      theme: CLEAR_REFUSED,
    });
    const name = fieldNameFromInput(typed);
    if (name === '') return parseFieldFlags(flags);
    const type = await select({
      message: `Type of ${name}:`,
      choices: FIELD_TYPES.map((value) => ({ value, name: value.padEnd(9) + typeModule(value).hint, short: value })),
      default: 'string',
      pageSize: FIELD_TYPES.length,
    });
    flags.push(await askRules(name, type, flags, say));
  }
}

/**
 * Asks which rules the field has (the list; Enter alone: none), then the value of each one
 * picked, each checked as its `--field` text is. A field the rules together rule out (a unique
 * enum) is explained and its list asked again, with the answers so far kept. Returns the text.
 */
async function askRules(name: string, type: FieldType, earlier: string[], say: (line: string) => void): Promise<string> {
  const answered = new Map<AskedModifier, string | true>();
  const problemWith = (key: AskedModifier, value: string) => flagsProblem([...earlier, fieldFlagText(name, type, new Map(answered).set(key, value))]);
  if (type === 'enum') answered.set('values', await askValue(name, 'values', undefined, problemWith, true));
  for (;;) {
    const picked = new Set(
      await checkbox({
        message: `${name}: its rules (space picks one, Enter is done with this field)`,
        choices: ruleChoices(type).map(({ key, label }) => ({ value: key, name: label, short: key, checked: answered.has(key) })),
        pageSize: 14,
      }),
    );
    for (const key of [...answered.keys()]) if (key !== 'values' && !picked.has(key)) answered.delete(key);
    for (const { key, kind } of ruleChoices(type)) if (kind === 'switch' && picked.has(key)) answered.set(key, true);
    for (const question of valueQuestions(name, type, picked)) {
      if (question.key === 'values') continue;
      const previous = answered.get(question.key);
      answered.delete(question.key);
      const value = await askValue(name, question.key, typeof previous === 'string' ? previous : question.implied, problemWith, false, question.message);
      if (value !== '' && value !== question.implied) answered.set(question.key, value);
    }
    const problem = flagsProblem([...earlier, fieldFlagText(name, type, answered)]);
    if (problem === true) return fieldFlagText(name, type, answered);
    say(`> ${problem}`);
  }
}

/** One value, as `--field` takes it after `key=`; Enter alone leaves it out, unless it is `needed`. */
async function askValue(
  name: string,
  key: AskedModifier,
  offered: string | undefined,
  problemWith: (key: AskedModifier, value: string) => string | true,
  needed: boolean,
  message = `${name}: values, separated by | (e.g. draft|published):`,
): Promise<string> {
  const value = await input({
    message: needed || offered !== undefined ? message : `${message.replace(/:$/, '')} (Enter to leave it out):`,
    default: offered,
    validate: (text) => {
      if (text.trim() === '') return needed ? `${name} needs ${key}` : true;
      return text.trim() === offered || problemWith(key, text.trim());
    },
    theme: CLEAR_REFUSED,
  });
  return value.trim();
}

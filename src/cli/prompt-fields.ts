import inquirer from 'inquirer';

import type { PromptStreams } from './prompt.js';
import { validateFieldName } from '../spec/field-name.js';
import { parseFieldFlags } from '../spec/flag.js';
import { DEFAULT_FIELDS, FIELD_TYPES, MODIFIERS_BY_TYPE, type FieldSpec, type FieldType } from '../spec/spec.js';

const isFieldType = (value: string): value is FieldType => (FIELD_TYPES as readonly string[]).includes(value);

/** Why a flag list cannot be used, or true: inquirer shows the message and asks again. `partial`: more fields may follow. */
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
 * Asks whether to keep the item's standard fields, and otherwise for the entity's own fields
 * one at a time, as `lb4 model` does: a name (Enter to finish), a type, and only the modifiers
 * that fit that type. Each field is written as the `--field` text it stands for and read by the
 * same parser, so the prompts and the flags give the same answers file. Undefined means the
 * standard fields.
 */
export async function askFields(streams: PromptStreams = {}): Promise<FieldSpec[] | undefined> {
  const prompt = inquirer.createPromptModule(streams);
  const standard = DEFAULT_FIELDS.map((field) => field.name).join(', ');
  const { keep } = await prompt<{ keep: boolean }>([
    { type: 'confirm', name: 'keep', message: `Keep the standard item fields (${standard})?`, default: true },
  ]);
  if (keep) return undefined;
  const ask: AskLine = async (message, validate, fallback) =>
    (await prompt<{ line: string }>([{ type: 'input', name: 'line', message, default: fallback, validate }])).line.trim();
  const flags: string[] = [];
  const names = () => flags.map((flag) => flag.slice(0, flag.indexOf(':')));
  for (;;) {
    const name = await ask('Field name (camelCase, e.g. unitPrice; Enter to finish):', (value) => {
      if (value.trim() === '') return flags.length > 0 ? flagsProblem(flags, false) : 'define at least one field';
      if (names().includes(value.trim())) return `${value.trim()} is listed already`;
      return validateFieldName(value.trim()) ?? true;
    });
    if (name === '') return parseFieldFlags(flags);
    flags.push(await askOneField(ask, name, flags));
  }
}

/** One line of input, checked by `validate` (true, or the message to show before asking again). */
type AskLine = (message: string, validate: (value: string) => string | true, fallback?: string) => Promise<string>;

/** The type, the values of an enum, and the modifiers of one field, as its `--field` text. */
async function askOneField(ask: AskLine, name: string, earlier: string[]): Promise<string> {
  const type = await ask(
    `Type of ${name} (${FIELD_TYPES.join(', ')}):`,
    (value) => isFieldType(value.trim()) || `one of ${FIELD_TYPES.join(', ')}`,
    'string',
  );
  const head = [name, type];
  if (type === 'enum') {
    const values = await ask(`Values of ${name}, separated by | (e.g. draft|published):`, (value) =>
      flagsProblem([...earlier, [...head, `values=${value.trim()}`].join(':')]),
    );
    head.push(`values=${values}`);
  }
  const fitting = MODIFIERS_BY_TYPE[type as FieldType].filter((modifier) => modifier !== 'values');
  const hint = type === 'integer' || type === 'decimal' ? 'required:min=1' : type === 'boolean' ? 'default=true' : 'required:unique';
  const withModifiers = (value: string) => [...head, ...(value.trim() === '' ? [] : [value.trim()])].join(':');
  const modifiers = await ask(
    `Modifiers of ${name}, separated by : as in --field (${fitting.join(', ')}; e.g. ${hint}), Enter for none:`,
    (value) => flagsProblem([...earlier, withModifiers(value)]),
  );
  return withModifiers(modifiers);
}

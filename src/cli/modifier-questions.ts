import {
  DEFAULT_MIN_LENGTH, DEFAULT_PRECISION, DEFAULT_SCALE, DEFAULT_STRING_LENGTH, type FieldType, type Modifier,
} from '../fields/field-spec.js';
import { typeModule } from '../fields/types/field-types.js';

/** The modifiers the prompts ask about: all but `renamedFrom`, which only `update` reads. */
export type AskedModifier = Exclude<Modifier, 'renamedFrom'>;

/** A rule offered in the list of a field's rules: picking a switch sets it, picking any other asks its value. */
export interface RuleChoice {
  key: AskedModifier;
  /** The rule in words, with what leaving it out means. */
  label: string;
  kind: 'switch' | 'value';
}

/** One question about a value picked in the list, typed as `--field` takes it after `key=`. */
export interface ValueQuestion {
  key: AskedModifier;
  message: string;
  /** What leaving the modifier out means, offered as the answer; kept, it is not written (as `--field` without it). */
  implied?: string;
}

/**
 * The rules in the list, most often wanted first: whether a create must send the field, its
 * default, uniqueness and bounds, the docs' words, then the rarer ones.
 */
const LIST_ORDER: readonly AskedModifier[] = [
  'required', 'default', 'unique', 'maxLength', 'min', 'max', 'example', 'description', 'pattern', 'minLength', 'index',
  'precision', 'scale',
];

/**
 * The order the picked values are asked in: what a later answer is checked against comes first
 * (a unique text needs its maxLength, a default its bounds and pattern).
 */
const VALUE_ORDER: readonly AskedModifier[] = [
  'values', 'precision', 'scale', 'min', 'max', 'minLength', 'maxLength', 'pattern', 'default', 'example', 'description',
];

const SWITCHES: ReadonlySet<AskedModifier> = new Set(['required', 'unique', 'index']);

/** What each rule means, in the list; `implied` is appended where leaving it out has a value. */
const RULE_WORDS: Record<AskedModifier, string> = {
  values: 'values',
  required: 'required: a create must send it (unless it has a default), never null',
  default: 'default: stored when a create leaves it out',
  unique: 'unique: a duplicate is answered with 409',
  maxLength: 'maxLength: the longest text',
  min: 'min: the smallest value',
  max: 'max: the largest value',
  example: 'example: for the API docs (else one is made up)',
  description: 'description: for the API docs',
  pattern: 'pattern: a regular expression every value matches',
  minLength: 'minLength: the shortest text (0 allows empty text)',
  index: 'index: to sort and filter by it on large tables',
  precision: 'precision: digits in all, at most 18',
  scale: 'scale: digits after the point',
};

const VALUE_WORDS: Record<AskedModifier, string> = {
  values: 'values, separated by | (e.g. draft|published):',
  precision: 'digits in all (precision, at most 18):',
  scale: 'digits after the point (scale):',
  min: 'smallest value (min):',
  max: 'largest value (max):',
  minLength: 'shortest length (minLength; 0 allows empty text):',
  maxLength: 'longest length (maxLength):',
  pattern: 'pattern, a regular expression every value matches:',
  required: 'required',
  unique: 'unique',
  index: 'index',
  default: 'default, stored when a create leaves it out:',
  example: 'example for the API docs:',
  description: 'description for the API docs:',
};

/** What a type takes when the modifier is left out, as the answers file and `--field` mean it. */
function implied(key: AskedModifier, type: FieldType): string | undefined {
  if (key === 'minLength') return String(DEFAULT_MIN_LENGTH);
  if (key === 'maxLength') return type === 'text' ? undefined : String(DEFAULT_STRING_LENGTH);
  if (key === 'precision') return String(DEFAULT_PRECISION);
  if (key === 'scale') return String(DEFAULT_SCALE);
  return undefined;
}

/**
 * The rules a field of `type` may have, most often wanted first: exactly the modifiers that fit the
 * type (each type's `modifiers`) but an enum's `values`, which is asked before the list.
 *
 *   boolean -> required, default, example, description
 *   string  -> required, default, unique, maxLength (255 when left out), example, description, pattern, ...
 */
export function ruleChoices(type: FieldType): RuleChoice[] {
  const fitting = new Set<string>(typeModule(type).modifiers);
  return LIST_ORDER.filter((key) => fitting.has(key)).map((key) => {
    const leftOut = implied(key, type) ?? (key === 'maxLength' && type === 'text' ? 'none' : undefined);
    const label = leftOut === undefined ? RULE_WORDS[key] : `${RULE_WORDS[key]} (${leftOut} when left out)`;
    return { key, label, kind: SWITCHES.has(key) ? 'switch' : 'value' };
  });
}

/** The questions for the values picked (and an enum's values), in asking order. */
export function valueQuestions(name: string, type: FieldType, picked: ReadonlySet<AskedModifier>): ValueQuestion[] {
  const asked = (key: AskedModifier) => picked.has(key) || (key === 'values' && type === 'enum');
  return VALUE_ORDER.filter(asked).map((key) => {
    const question: ValueQuestion = { key, message: `${name}: ${VALUE_WORDS[key]}` };
    const value = implied(key, type);
    return value === undefined ? question : { ...question, implied: value };
  });
}

/** The `--field` text of a field from its name, type and answered modifiers: what the flag parser checks. */
export function fieldFlagText(name: string, type: FieldType, answered: ReadonlyMap<AskedModifier, string | true>): string {
  const parts = [...answered].map(([key, value]) => (value === true ? key : `${key}=${value.replaceAll(':', '\\:')}`));
  return [name, type, ...parts].join(':');
}

import {
  DEFAULT_MIN_LENGTH, DEFAULT_PRECISION, DEFAULT_SCALE, DEFAULT_STRING_LENGTH, type FieldType, type Modifier,
} from '../fields/field-spec.js';
import { typeModule } from '../fields/types/field-types.js';

/** The modifiers the prompts ask about: all but `renamedFrom`, which only `update` reads. */
export type AskedModifier = Exclude<Modifier, 'renamedFrom'>;

/** One question about one modifier of a field: yes or no, or a value typed as `--field` takes it after `key=`. */
export interface ModifierQuestion {
  key: AskedModifier;
  kind: 'switch' | 'value';
  message: string;
  /** What leaving the modifier out means, offered as the answer; kept, it is not written (as `--field` without it). */
  implied?: string;
  /** Asked until answered: an enum needs its values. */
  needed?: true;
}

/**
 * The order of the questions: what a later answer is checked against comes first (a unique text
 * needs its maxLength, a default its bounds and pattern, a narrow unique range its min and max).
 */
const ASK_ORDER: readonly AskedModifier[] = [
  'values', 'precision', 'scale', 'min', 'max', 'minLength', 'maxLength', 'pattern', 'required', 'unique', 'index', 'default',
  'example', 'description',
];

const SWITCHES: ReadonlySet<AskedModifier> = new Set(['required', 'unique', 'index']);

const WORDING: Record<AskedModifier, string> = {
  values: 'values, separated by | (e.g. draft|published):',
  precision: 'digits in all (precision, at most 18):',
  scale: 'digits after the point (scale):',
  min: 'smallest value (min; Enter for none):',
  max: 'largest value (max; Enter for none):',
  minLength: 'shortest length (minLength; 0 allows empty text):',
  maxLength: 'longest length (maxLength):',
  pattern: 'pattern, a regular expression every value matches (Enter for none):',
  required: 'required on create?',
  unique: 'unique (a duplicate is answered with 409)?',
  index: 'indexed, to sort and filter by it on large tables?',
  default: 'default, stored when a create leaves it out (Enter for none):',
  example: 'example for the API docs (Enter to have one made up):',
  description: 'description for the API docs (Enter for none):',
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
 * The questions for a field of `type`, in asking order: exactly the modifiers that fit the type
 * (each type's `modifiers`), each with what leaving it out means.
 *
 *   boolean -> required, default, example, description
 *   text    -> minLength (1), maxLength (Enter for none), pattern, required, unique, index, ...
 */
export function modifierQuestions(name: string, type: FieldType): ModifierQuestion[] {
  const fitting = new Set<string>(typeModule(type).modifiers);
  return ASK_ORDER.filter((key) => fitting.has(key)).map((key) => {
    const wording = key === 'maxLength' && type === 'text' ? 'longest length (maxLength; Enter for none):' : WORDING[key];
    const question: ModifierQuestion = { key, kind: SWITCHES.has(key) ? 'switch' : 'value', message: `${name}: ${wording}` };
    const value = implied(key, type);
    if (key === 'values') question.needed = true;
    return value === undefined ? question : { ...question, implied: value };
  });
}

/**
 * Whether a question still applies after the answers so far: a required field has no use for a
 * default, and unique already indexes.
 */
export function stillAsked(key: AskedModifier, answered: ReadonlyMap<AskedModifier, string | true>): boolean {
  if (key === 'default') return !answered.has('required');
  if (key === 'index') return !answered.has('unique');
  return true;
}

/** The `--field` text of a field from its name, type and answered modifiers: what the flag parser checks. */
export function fieldFlagText(name: string, type: FieldType, answered: ReadonlyMap<AskedModifier, string | true>): string {
  const parts = [...answered].map(([key, value]) => (value === true ? key : `${key}=${value.replaceAll(':', '\\:')}`));
  return [name, type, ...parts].join(':');
}

import { FIELD_KEYS, type FieldSpec } from './field-spec.js';

/** The keys compared: a field is matched by its name (or `renamedFrom`), which the migration reports. */
const RULE_KEYS = FIELD_KEYS.filter((key) => key !== 'name' && key !== 'renamedFrom');

/** What leaving a key out means, in words: an example is then made up, a switch is off. */
function absent(key: string): string {
  if (key === 'example') return 'none (one is made up)';
  if (key === 'required' || key === 'unique' || key === 'index') return 'false';
  return 'none';
}

const shown = (key: string, value: unknown): string => (value === undefined ? absent(key) : JSON.stringify(value));

/**
 * Every rule, example and description that differs between two lists of fields, per field that
 * both lists hold (added and dropped fields are the migration's to report), in the order `after`
 * lists them. `status` and `update` print these, so no change reaches the document unannounced:
 *
 *   name: example "Widget" -> none (one is made up); maxLength 100 -> 200
 *   description: description "Free text" -> none
 */
export function ruleChanges(before: readonly FieldSpec[], after: readonly FieldSpec[]): string[] {
  const byName = new Map(before.map((field) => [field.name, field as unknown as Record<string, unknown>]));
  const lines: string[] = [];
  for (const field of after) {
    const from = byName.get(field.renamedFrom ?? field.name);
    if (from === undefined) continue;
    const to = field as unknown as Record<string, unknown>;
    const changed = RULE_KEYS.filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]));
    if (changed.length > 0) lines.push(`${field.name}: ${changed.map((key) => `${key} ${shown(key, from[key])} -> ${shown(key, to[key])}`).join('; ')}`);
  }
  return lines;
}

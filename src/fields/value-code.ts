import { literal, numberLiteral, templateLiteralText } from '../code/code-text.js';

/** A run of one character at least this long is written as `'x'.repeat(n)`. */
const RUN = 20;

/** A string literal whose control characters and surrogates are written as \u escapes. */
function stringLiteral(text: string): string {
  return literal(text).replace(/[\u0000-\u001f\u2028\u2029\ud800-\udfff]/g, (char) => unicodeEscape(char));
}

const unicodeEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text inside a template literal: backslashes, backticks, `${`, control characters and surrogates escaped. */
function templateText(text: string): string {
  return templateLiteralText(text).replace(/[\u0000-\u001f\u2028\u2029\ud800-\udfff]/g, (char) => unicodeEscape(char));
}

/**
 * A string as readable code: long runs of one character as `.repeat()`.
 *
 *   'Widget' -> 'Widget';  'x' x 101 -> 'x'.repeat(101);  'a' x 64 + '@b.co' -> `${'a'.repeat(64)}@b.co`
 */
function stringCode(text: string): string {
  const pieces: ({ plain: string } | { char: string; count: number })[] = [];
  for (const [run] of text.matchAll(/([\s\S])\1*/gu)) {
    const chars = [...run];
    const last = pieces.at(-1);
    if (chars.length >= RUN) pieces.push({ char: chars[0]!, count: chars.length });
    else if (last !== undefined && 'plain' in last) last.plain += run;
    else pieces.push({ plain: run });
  }
  if (pieces.length === 1 && 'char' in pieces[0]!) return `${stringLiteral(pieces[0].char)}.repeat(${pieces[0].count})`;
  if (pieces.every((piece) => 'plain' in piece)) return stringLiteral(text);
  const parts = pieces.map((piece) => ('plain' in piece ? templateText(piece.plain) : `\${${stringLiteral(piece.char)}.repeat(${piece.count})}`));
  return `\`${parts.join('')}\``;
}

/** A JSON value as the generated tests write it: `'x'.repeat(101)`, `10_000`, `null`, `[1, 2]`. */
export function valueCode(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return stringCode(value);
  if (typeof value === 'number') return numberLiteral(value);
  if (Array.isArray(value)) return `[${value.map(valueCode).join(', ')}]`;
  return String(value);
}

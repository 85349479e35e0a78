/** How the generated TypeScript is written: literals, numbers, doc comments; its layout is the formatter's (see formatFiles). */

/** Doc comments wrap at this width, as the templates' hand-written ones do. */
const COMMENT_WIDTH = 84;

/**
 * A JavaScript literal in the templates' style: 'single quotes', numbers and booleans as they are.
 * A `${` in a string is written `\u0024{`, the same text: Biome's linter reads `${` in a quoted
 * string as a template literal gone wrong (noTemplateCurlyInString), and `$\{` as a needless escape.
 */
export function literal(value: unknown): string {
  if (typeof value === 'string') {
    return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n').replaceAll('${', '\\u0024{')}'`;
  }
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  return String(value);
}

/** A TypeScript template literal's text: backslashes, backticks and `${` escaped. */
export function templateLiteralText(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${');
}

/** A SQL string literal (standard_conforming_strings, so only quotes are doubled). */
export function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** A number as the templates write it: digit groups from five integer digits on (10_000, 9_999_999_999_999.99). */
export function numberLiteral(value: number): string {
  const [integer = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = integer.length >= 5 ? integer.replace(/\B(?=(\d{3})+$)/g, '_') : integer;
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Greedy word wrap: lines of at most `width` characters (a longer word gets a line of its own). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A doc comment, on one line when it fits. */
export function docComment(text: string): string[] {
  if (`/** ${text} */`.length <= COMMENT_WIDTH) return [`/** ${text} */`];
  return ['/**', ...wrap(text, COMMENT_WIDTH - 3).map((line) => ` * ${line}`), ' */'];
}

/**
 * A pattern as a regular expression literal: a `/` outside a character class is escaped (it would
 * end the literal); inside one it needs no escape, and Biome's linter flags one.
 *
 *   ^a/b$ -> /^a\/b$/;  ^[%/°]+$ -> /^[%/°]+$/
 */
export function regexLiteral(pattern: string): string {
  let source = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      source += char + (pattern[i + 1] ?? '');
      i++;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    source += char === '/' && !inClass ? '\\/' : char;
  }
  return `/${source}/`;
}

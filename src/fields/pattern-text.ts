import fc from 'fast-check';
import { JS } from 'refa';

/** No flag: the literal refa writes must read as the pattern does, which Joi tests without flags. */
const NO_FLAGS = { dotAll: false, global: false, hasIndices: false, ignoreCase: false, multiline: false, sticky: false, unicode: false };

/**
 * Text that matches `pattern`, drawn by fast-check, or why it cannot be drawn. fast-check reads
 * most of JavaScript's patterns; a class range at a class escape (`[\w-.]`: `\w`, `-` and `.`, by
 * the web's legacy rules) it misreads, so such a pattern is rewritten by refa into an equivalent
 * one first (`[\w\-.]`). Lookarounds, `\b` and backreferences it cannot draw from at all.
 * The generated project's tests draw the same way (test/schema-values.ts).
 */
export function patternText(pattern: string): fc.Arbitrary<string> | { problem: string } {
  const regex = new RegExp(pattern);
  try {
    return fc.stringMatching(regex);
  } catch (error) {
    try {
      const { expression } = JS.Parser.fromLiteral({ source: pattern, flags: '' }).parse();
      const { source, flags } = JS.toLiteral(expression, { flags: NO_FLAGS });
      return fc.stringMatching(new RegExp(source, flags)).filter((text) => regex.test(text));
    } catch {
      return { problem: (error as Error).message };
    }
  }
}

import fc from 'fast-check';
import { JS } from 'refa';

/** No flag: the literal refa writes must read as the pattern does, which Joi tests without flags. */
const NO_FLAGS = { dotAll: false, global: false, hasIndices: false, ignoreCase: false, multiline: false, sticky: false, unicode: false };

/**
 * Text that matches `pattern`, drawn by fast-check, or why it cannot be drawn. fast-check reads
 * most of JavaScript's patterns; a class range at a class escape (`[\w-.]`: `\w`, `-` and `.`, by
 * the web's legacy rules) it misreads, so such a pattern is rewritten by refa into an equivalent
 * one first (`[\w\-.]`). Lookarounds, `\b` and backreferences it cannot draw from at all.
 * The generated project's tests draw the same way (test/support/schema-values.ts).
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

type Node = { type: string; alternatives?: Node[]; elements?: Node[]; min?: number };

/** The fewest characters a node must match: a class is one, a quantifier its minimum of its body, an assertion none. */
function fewest(node: Node): number {
  if (node.type === 'CharacterClass') return 1;
  if (node.type === 'Concatenation') return (node.elements ?? []).reduce((sum, element) => sum + fewest(element), 0);
  if (node.type === 'Assertion' || node.alternatives === undefined) return 0;
  const body = Math.min(...node.alternatives.map(fewest));
  return node.type === 'Quantifier' ? (node.min ?? 0) * body : body;
}

/**
 * The length of the shortest text `pattern` matches (read as refa reads JavaScript's patterns),
 * or 0 when refa cannot read it: what a field's maxLength must allow at least.
 *
 *   ^[A-Z]{2}[0-9]{9}[A-Z]{2}$ -> 13;  ^(ab|c)+$ -> 1;  ^x*$ -> 0
 */
export function shortestMatch(pattern: string): number {
  try {
    return fewest(JS.Parser.fromLiteral({ source: pattern, flags: '' }).parse().expression as unknown as Node);
  } catch {
    return 0;
  }
}

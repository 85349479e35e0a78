import fc from 'fast-check';
import { type CharRange, combineTransformers, DFA, JS, NFA, Transformers, transform } from 'refa';

import { fitsLength, patternText } from './schema-values.js';

/** Texts that follow one rule, numbered from 0: `count` of them (capped at MAX_SAFE_INTEGER), `at(i)` the i-th. */
export interface TextSeries {
  count: number;
  at(index: number): string;
}

/**
 * The characters a numbered text is made of, the first tier that a step of the pattern allows:
 * letters and digits, then printable ASCII without the comma (which separates an `[in]` filter's
 * values) and the space, then anything storable in one UTF-16 unit (no NUL, no half surrogate).
 */
const TIERS: CharRange[][] = [
  [
    { min: 0x30, max: 0x39 },
    { min: 0x41, max: 0x5a },
    { min: 0x61, max: 0x7a },
  ],
  [
    { min: 0x21, max: 0x2b },
    { min: 0x2d, max: 0x7e },
  ],
  [
    { min: 0x01, max: 0xd7ff },
    { min: 0xe000, max: 0xffff },
  ],
];

interface Step {
  chars: CharRange[];
  size: bigint;
  tier: number;
  to: number;
}

/**
 * The texts `pattern` allows (anywhere in the text, as Joi tests it; any text when none is given)
 * whose length lies within the bounds, shortest first; each character is one UTF-16 unit. refa
 * turns the pattern into a deterministic automaton, whose paths are counted and walked: distinct
 * numbers give distinct texts.
 */
export function patternTexts(pattern: string | undefined, minLength: number, maxLength: number): TextSeries {
  let automaton: DFA;
  try {
    automaton = dfaOf(pattern ?? '');
  } catch {
    // refa cannot read every pattern (an anchor inside an alternative, say): numbered samples instead.
    return sampledTexts(new RegExp(pattern ?? ''), minLength, maxLength);
  }
  const nodes = [...automaton.nodes()];
  const index = new Map(nodes.map((node, i) => [node, i]));
  const finals = nodes.map((node) => automaton.finals.has(node));
  const initial = index.get(automaton.initial)!;
  const steps: Step[][] = nodes.map((node) => {
    const ranges = new Map<number, CharRange[]>();
    for (const [range, to] of node.out) ranges.set(index.get(to)!, [...(ranges.get(index.get(to)!) ?? []), range]);
    // The steps with the plainest characters come first, so the first texts are the plainest.
    return [...ranges]
      .map(([to, all]) => ({ to, ...preferred(all) }))
      .filter(({ size }) => size > 0n)
      .sort((a, b) => a.tier - b.tier);
  });
  // completions[r][s]: how many texts of r more characters lead from state s to the end.
  const completions: bigint[][] = [finals.map((final) => (final ? 1n : 0n))];
  const completionsOf = (length: number): bigint[] => {
    while (completions.length <= length) {
      const shorter = completions.at(-1)!;
      completions.push(steps.map((out) => out.reduce((sum, { size, to }) => sum + size * shorter[to]!, 0n)));
    }
    return completions[length]!;
  };
  // Texts of each length, from the shortest the bounds allow, until the cap or the end of the language.
  const lengths: { length: number; first: bigint; count: bigint }[] = [];
  let total = 0n;
  const cap = BigInt(Number.MAX_SAFE_INTEGER);
  for (let length = Math.max(minLength, 1); length <= maxLength && total < cap; length++) {
    const count = completionsOf(length)[initial]!;
    if (count > 0n) lengths.push({ length, first: total, count });
    total += count;
    if (count === 0n && length > nodes.length && automaton.isFinite) break;
  }
  return {
    count: Number(total < cap ? total : cap),
    at(position) {
      let rest = BigInt(position);
      const { length, first } = lengths.findLast(({ first }) => first <= rest)!;
      rest -= first;
      let state = initial;
      let text = '';
      for (let left = length; left > 0; left--) {
        for (const { chars, size, to } of steps[state]!) {
          const after = completionsOf(left - 1)[to]!;
          if (rest >= size * after) {
            rest -= size * after;
            continue;
          }
          text += String.fromCharCode(nth(chars, Number(rest / after)));
          rest %= after;
          state = to;
          break;
        }
      }
      return text;
    },
  };
}

function dfaOf(pattern: string): DFA {
  const { expression, maxCharacter } = JS.Parser.fromLiteral({ source: `[^]*(?:${pattern})[^]*`, flags: '' }).parse();
  const simplify = combineTransformers([
    Transformers.applyAssertions(),
    Transformers.patternEdgeAssertions({ inline: true, remove: true }),
    Transformers.removeUnnecessaryAssertions(),
    Transformers.inline(),
    Transformers.removeDeadBranches(),
  ]);
  const simple = transform(simplify, transform(simplify, expression));
  const automaton = DFA.fromFA(NFA.fromRegex(simple, { maxCharacter }, { assertions: 'throw' }));
  automaton.minimize();
  return automaton;
}

/** A step's characters in the first tier they reach (see TIERS), and that tier. */
function preferred(ranges: CharRange[]): { chars: CharRange[]; size: bigint; tier: number } {
  for (const [tier, allowed] of TIERS.entries()) {
    const chars = allowed.flatMap((bound) =>
      ranges.flatMap((range) => {
        const min = Math.max(bound.min, range.min);
        const max = Math.min(bound.max, range.max);
        return min <= max ? [{ min, max }] : [];
      }),
    );
    if (chars.length > 0) return { chars, tier, size: chars.reduce((sum, { min, max }) => sum + BigInt(max - min + 1), 0n) };
  }
  return { chars: [], tier: TIERS.length, size: 0n };
}

function nth(chars: CharRange[], position: number): number {
  let rest = position;
  for (const { min, max } of chars) {
    if (rest <= max - min) return min + rest;
    rest -= max - min + 1;
  }
  throw new RangeError(`no character number ${position}`);
}

/** Distinct texts fast-check finds for the pattern, in a fixed order. */
function sampledTexts(pattern: RegExp, minLength: number, maxLength: number): TextSeries {
  const fits = (text: string) => fitsLength(text, minLength, maxLength) && pattern.test(text) && !text.includes('\u0000');
  const found = [...new Set(fc.sample(patternText(pattern.source), { numRuns: 5_000, seed: 1 }).filter(fits))].sort();
  return { count: found.length, at: (position) => found[position]! };
}

import fc from 'fast-check';

import { sqlText, templateLiteralText } from '../code/code-text.js';
import { patternText } from './pattern-text.js';
import { textProblem } from './types/lengths.js';
import type { FieldSpec } from './field-spec.js';

/** Characters a position of a code may take, digits first: the most readable numbering. */
const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';

const examples = new Map<string, string | undefined>();

/**
 * The simplest text that matches the field's pattern and fits its length, for a field the owner
 * gave no example: fast-check draws matching text (pattern-text.ts) and shrinks it to the smallest it can.
 * Deterministic (a fixed seed, and the fast-check version the generator pins); undefined when
 * none fits, which the spec refuses.
 *
 *   ^[A-Z]{3}-[0-9]{4}$ -> "AAA-0000";  ^97[89]-\d{10}$ -> "978-0000000000"
 */
export function patternExample(field: FieldSpec): string | undefined {
  if ((field.type !== 'string' && field.type !== 'text') || field.pattern === undefined) return undefined;
  const key = JSON.stringify([field.type, field.pattern, field.minLength, field.maxLength]);
  if (!examples.has(key)) {
    const rules = { ...field, example: undefined } as FieldSpec;
    const fits = (text: string) => textProblem(rules, text) === undefined;
    // A property that fails on every fitting text: its shrunk counterexample is the simplest one.
    const texts = patternText(field.pattern);
    const result = 'problem' in texts ? undefined : fc.check(fc.property(texts, (text) => !fits(text)), { seed: 1, numRuns: 1000 });
    examples.set(key, result?.failed ? (result.counterexample?.[0] as string) : undefined);
  }
  return examples.get(key);
}

/** One position of a numbered code: the base text's character, or a digit of n in an alphabet led by that character. */
type Position = { fixed: string } | { alphabet: string; weight: number };

/** Longer base texts to count in, for an example too short to hold the span: its first character repeated before it. */
const LONGER = [1, 2, 3, 4, 6, 8, 12, 16];

/**
 * The n-th of `span` distinct texts that keep the field's pattern and length: the example with
 * some of its characters counting n (`ABC-1234` under `^[A-Z]{3}-[0-9]{4}$`: n = 1 gives
 * `ABC-1235`, n = 10,000 gives `ABD-1234`). Each position counts in the characters that may
 * stand there alone, the rightmost fastest, digits as a zero-padded number. n = 0 is the base
 * text itself, so n = 1 ... span - 1 never repeat it nor each other. An example too short to
 * hold the span is lengthened first (`a` under `^[a-z]+$` counts in `aaaaa`). Undefined when no
 * base holds `span` texts. Callers check their samples against the rules: positions are tried
 * one at a time.
 */
export function numberedCode(field: FieldSpec, example: string, span: number): NumberedCode | undefined {
  const first = [...example][0] ?? '';
  const bases = [example, ...LONGER.map((count) => first.repeat(count) + example)].filter((base) => textProblem(field, base) === undefined);
  for (const base of bases) {
    const code = countIn(field, [...base], span);
    if (code !== undefined) return code;
  }
  return undefined;
}

function countIn(field: FieldSpec, characters: string[], span: number): NumberedCode | undefined {
  const positions: Position[] = characters.map((fixed) => ({ fixed }));
  let capacity = 1;
  for (let index = characters.length - 1; index >= 0 && capacity < span; index -= 1) {
    const own = characters[index]!;
    const others = [...CHARACTERS].filter((c) => c !== own && textProblem(field, replaceAt(characters, index, c)) === undefined).join('');
    if (others === '') continue;
    const alphabet = [...DIGITS].every((digit) => digit === own || others.includes(digit)) && DIGITS.includes(own) ? DIGITS : `${own}${others}`;
    positions[index] = { alphabet, weight: capacity };
    capacity *= alphabet.length;
  }
  return capacity >= span ? new NumberedCode(positions, characters, span) : undefined;
}

function replaceAt(characters: string[], index: number, character: string): string {
  return [...characters.slice(0, index), character, ...characters.slice(index + 1)].join('');
}

/** A numbered code, printed in TypeScript and SQL over `n`, and computed here. */
export class NumberedCode {
  constructor(
    private readonly positions: Position[],
    private readonly base: string[],
    readonly span: number,
  ) {}

  at(n: number): string {
    const m = n % this.span;
    return this.runs()
      .map((run) => {
        if (typeof run === 'string') return run;
        const digit = (Math.floor(m / run.weight) + run.offset) % run.alphabet.length ** run.length;
        return run.alphabet === DIGITS ? String(digit).padStart(run.length, '0') : run.alphabet.charAt(digit);
      })
      .join('');
  }

  /** A template literal over `n`, e.g. `` `AB${'DEFG'.charAt(Math.floor(n / 10000) % 4)}-${String(n % 10000).padStart(4, '0')}` ``. */
  code(wraps: boolean): string {
    const m = wraps ? `(n % ${this.span})` : 'n';
    const digit = (run: Run) => {
      const counted = run.weight === 1 ? m : `Math.floor(${m} / ${run.weight})`;
      return `${run.offset === 0 ? counted : `(${counted} + ${run.offset})`} % ${run.alphabet.length ** run.length}`;
    };
    return `\`${this.runs()
      .map((run) => {
        if (typeof run === 'string') return templateLiteralText(run);
        if (run.alphabet === DIGITS) return `\${String(${digit(run)}).padStart(${run.length}, '0')}`;
        return `\${'${run.alphabet}'.charAt(${digit(run)})}`;
      })
      .join('')}\``;
  }

  /** The same in SQL over an integer `n`. */
  sql(wraps: boolean): string {
    const m = wraps ? `(n % ${this.span})` : 'n';
    const digit = (run: Run) => {
      const counted = run.weight === 1 ? m : `(${m} / ${run.weight})`;
      return `${run.offset === 0 ? counted : `(${counted} + ${run.offset})`} % ${run.alphabet.length ** run.length}`;
    };
    return this.runs()
      .map((run) => {
        if (typeof run === 'string') return sqlText(run);
        if (run.alphabet === DIGITS) return `lpad((${digit(run)})::text, ${run.length}, '0')`;
        return `substr('${run.alphabet}', (${digit(run)})::int + 1, 1)`;
      })
      .join(' || ');
  }

  /**
   * Fixed text, and runs of counting positions: neighbouring digit positions read as one
   * zero-padded number, offset by the base text's digits there so that n = 0 is the base text.
   */
  private runs(): Array<string | Run> {
    const runs: Array<string | Run> = [];
    this.positions.forEach((position, index) => {
      const last = runs.at(-1);
      if ('fixed' in position) {
        if (typeof last === 'string') runs[runs.length - 1] = last + position.fixed;
        else runs.push(position.fixed);
      } else if (position.alphabet === DIGITS && typeof last === 'object' && last.alphabet === DIGITS) {
        // The run's lowest digit is this position: the run now counts from its weight.
        runs[runs.length - 1] = { alphabet: DIGITS, weight: position.weight, length: last.length + 1, offset: last.offset * 10 + Number(this.base[index]) };
      } else {
        runs.push({ alphabet: position.alphabet, weight: position.weight, length: 1, offset: position.alphabet === DIGITS ? Number(this.base[index]) : 0 });
      }
    });
    return runs;
  }
}

/** Neighbouring counting positions printed together; `offset` is what the base text holds there. */
interface Run {
  alphabet: string;
  weight: number;
  length: number;
  offset: number;
}

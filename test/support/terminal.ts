/**
 * The CLI at a real terminal: the bin runs under a pseudo-terminal (util-linux `script`, so stdin
 * and stdout are a TTY and the prompts run in raw mode, keypress by keypress), and a person types
 * at it: waits until the screen shows what a step expects, then presses that step's keys.
 */
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

import { bin } from './helpers.js';

/** Keys as a terminal sends them. */
export const KEYS = { enter: '\r', down: '\u001b[B', ctrlC: '\u0003', ctrlU: '\u0015' } as const;

/** Types a line: its text, then Enter. */
export const line = (text: string): string => `${text}${KEYS.enter}`;

/** In a list of checkboxes: moves the cursor down `moves` times, and picks (space). */
export const pickAfter = (moves: number): string => `${KEYS.down.repeat(moves)} `;

/** What the screen must show before the keys are pressed. */
export type Step = [expect: RegExp, keys: string];

export interface TerminalSession {
  /** The bin's exit code. */
  status: number | null;
  /** Everything the terminal showed, without colours and cursor movements (a redrawn line appears once per redraw). */
  screen: string;
}

/** Wide enough that no prompt or message wraps. */
const COLUMNS = 200;

const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * Runs `create-item-service args` in `cwd` under a pseudo-terminal and plays the steps. After
 * keys ending in Enter, a step looks only at what the screen shows once that answer settled
 * (accepted with ✔, or refused with a `>` message), so a redraw of the prompt just answered is
 * never mistaken for the next one. Fails when a step's text does not come within `timeoutMs`.
 */
export function converse(args: string[], cwd: string, steps: Step[], { timeoutMs = 30_000 } = {}): Promise<TerminalSession> {
  const command = `stty cols ${COLUMNS} rows 50; exec ${[process.execPath, bin, ...args].map(quote).join(' ')}`;
  // uvu sets FORCE_COLOR, and Node warns on stderr when it meets NO_COLOR beside it.
  const { FORCE_COLOR, ...env } = process.env;
  const child = spawn('script', ['--quiet', '--flush', '--return', '--command', command, '/dev/null'], {
    cwd,
    env: { ...env, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const remaining = [...steps];
  let screen = '';
  let sinceKeys = '';
  let lastKeys = '';
  return new Promise((resolve, reject) => {
    const abandon = setTimeout(() => {
      child.kill();
      reject(new Error(`the terminal never showed ${remaining[0]?.[0] ?? 'the end'}; it showed:\n${screen}`));
    }, timeoutMs);
    const settled = (): string | undefined => {
      if (!lastKeys.endsWith(KEYS.enter)) return sinceKeys;
      const accepted = sinceKeys.lastIndexOf('✔');
      if (accepted !== -1) return sinceKeys.slice(accepted);
      return /^> /m.test(sinceKeys) ? sinceKeys : undefined;
    };
    const onOutput = (chunk: Buffer) => {
      const text = stripVTControlCharacters(chunk.toString()).replaceAll('\r\n', '\n');
      screen += text;
      sinceKeys += text;
      const next = remaining[0];
      const shown = settled();
      if (next && shown !== undefined && next[0].test(shown)) {
        remaining.shift();
        sinceKeys = '';
        lastKeys = next[1];
        setImmediate(() => child.stdin.write(next[1]));
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.on('error', reject);
    // Keys pressed as the CLI exits have nowhere to go; the exit code tells what happened.
    child.stdin.on('error', () => {});
    child.on('exit', (status) => {
      clearTimeout(abandon);
      if (remaining.length > 0) reject(new Error(`the CLI exited (${status}) before showing ${remaining[0]?.[0]}; it showed:\n${screen}`));
      else resolve({ status, screen });
    });
  });
}

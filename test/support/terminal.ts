import { PassThrough } from 'node:stream';

import type { PromptStreams } from '../../src/cli/prompt.js';

/**
 * Drives prompts like a person at a terminal: waits until the screen shows what a step expects,
 * then types that step's line. Returns what `ask` resolved to and everything that was shown.
 */
export async function converse<T>(steps: [RegExp, string][], ask: (streams: PromptStreams) => Promise<T>): Promise<{ result: T; screen: string }> {
  const input = new PassThrough();
  const output = new PassThrough();
  // Inquirer ends its output stream after each question (harmless for a real terminal); keep ours open.
  output.end = () => output;
  let screen = '';
  let sinceLastStep = '';
  const abandon = setTimeout(() => input.emit('error', new Error(`prompt stuck; screen: ${screen}`)), 5000);
  output.on('data', (chunk: Buffer) => {
    const text = chunk.toString().replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
    screen += text;
    sinceLastStep += text;
    const next = steps[0];
    if (next && next[0].test(sinceLastStep)) {
      steps.shift();
      sinceLastStep = '';
      setImmediate(() => input.write(`${next[1]}\n`));
    }
  });
  try {
    return { result: await ask({ input, output }), screen };
  } finally {
    clearTimeout(abandon);
  }
}

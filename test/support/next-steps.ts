/**
 * An update's printed next steps, followed the way its owner would: each command run in the
 * project, `npm install` as the tests install a project (the root's packages, then its `prepare`).
 */
import { spawnSync } from 'node:child_process';

import { installProject } from './helpers.js';

/** The commands under "Next steps:", without their comments. */
export function nextSteps(output: string): string[] {
  const lines = output.split('\n');
  const start = lines.indexOf('Next steps:');
  if (start === -1) throw new Error(`the update printed no next steps:\n${output}`);
  return lines
    .slice(start + 1)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');
}

/** Runs every step but those in `skip` (e.g. `npm test`, which a suite runs on both databases); a failing step throws. */
export function followNextSteps(dir: string, output: string, skip: readonly string[] = []): string[] {
  const steps = nextSteps(output);
  for (const step of steps.filter((command) => !skip.includes(command))) {
    if (step === 'npm install') {
      installProject(dir);
      continue;
    }
    const [command, ...args] = step.split(' ');
    if (command !== 'npm' && command !== 'git') throw new Error(`a next step that is no command: ${step}`);
    const result = spawnSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });
    if (result.status !== 0) throw new Error(`${step} failed in ${dir}:\n${result.stdout}${result.stderr}`);
  }
  return steps;
}

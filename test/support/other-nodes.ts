/**
 * The example's tests on the other Node.js majors a generated project supports. The whole run
 * happens on the Node.js of .ci/run (26); these suites put another one first on PATH, from
 * NODE_22_BIN and NODE_24_BIN, which .ci/run sets to folders `.ci/node` installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface OtherNode {
  major: number;
  /** PATH with that Node.js first, or undefined when it is not installed. */
  path?: string;
  /** Why the suite cannot run; a failure under CI=true, a skip on a developer's machine. */
  missing?: string;
}

export function otherNodes(majors: number[] = [22, 24]): OtherNode[] {
  return majors.map((major) => {
    const variable = `NODE_${major}_BIN`;
    const bin = process.env[variable];
    const setUp = `set ${variable} to its bin folder, e.g. ${variable}="$(bash .ci/node ${major})/bin" npm test`;
    if (!bin || !existsSync(join(bin, 'node'))) return { major, missing: `${variable} ${bin ? `(${bin}) has no node` : 'is not set'}: ${setUp}` };
    const path = `${bin}${delimiter}${process.env.PATH}`;
    // The PATH the suite gets must really run that major: npm finds node through it too.
    const version = spawnSync('node', ['--version'], { env: { ...process.env, PATH: path }, encoding: 'utf8' }).stdout.trim();
    if (!version.startsWith(`v${major}.`)) return { major, missing: `${variable} runs Node.js ${version || 'nothing'}, not ${major}: ${setUp}` };
    return { major, path };
  });
}

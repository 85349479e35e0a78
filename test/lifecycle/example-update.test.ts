import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { readAnswersFile } from '../../src/answers/answers-file.js';
import { generate } from '../../src/generate/generate.js';
import type { Output } from '../../src/lifecycle/project.js';
import { statusCommand } from '../../src/lifecycle/status-command.js';
import { updateCommand } from '../../src/lifecycle/update-command.js';
import { readTree, root, tempDir } from '../support/helpers.js';

/**
 * The committed examples, brought forward by `update` from the last commit's generator (its
 * code and templates, built, as `--from`) to the working tree's. On a clean checkout the two
 * are the same and the update must change nothing; after a template change it is a real update,
 * and in both cases the result must equal a fresh generation from the example's answers file.
 */
const EXAMPLES = ['product-service', 'book-service'];

/** Extracts paths of the last commit into `into`, as git stores them (no working-tree edits). */
function extractCommitted(paths: string[], into: string): void {
  mkdirSync(into, { recursive: true });
  const archive = execFileSync('git', ['archive', '--format=tar', 'HEAD', ...paths], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', into], { input: archive });
}

const silent = (lines: string[]): Output => ({ log: (line) => lines.push(line), error: (line) => lines.push(line) });

const committed = tempDir();
const base = join(committed, 'generator');
extractCommitted(['package.json', 'tsconfig.json', 'bin', 'src', 'templates'], base);
symlinkSync(join(root, 'node_modules'), join(base, 'node_modules'), 'dir');
execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: base });

for (const name of EXAMPLES) {
  test(`examples/${name} as last committed, updated to this generator, equals a fresh generation`, () => {
    extractCommitted([`examples/${name}`], committed);
    const project = join(committed, 'examples', name);
    const lines: string[] = [];
    const started = performance.now();
    const code = updateCommand(project, { from: base, allowDirty: true }, silent(lines));
    const seconds = (performance.now() - started) / 1000;
    console.log(`  update of examples/${name}: ${seconds.toFixed(2)} s`);
    assert.is(code, 0, lines.join('\n'));

    const fresh = join(tempDir(), name);
    const answers = readAnswersFile(join(project, 'create-item-service.json'));
    generate({ answers: { port: 8080, managementPort: 8081, ...answers }, outDir: fresh });
    const expected = readTree(fresh);
    const actual = readTree(project);
    assert.equal([...actual.keys()], [...expected.keys()], 'the same files');
    for (const [path, content] of expected) assert.ok(actual.get(path) === content, `${path} differs from a fresh generation`);

    const after: string[] = [];
    assert.is(statusCommand(project, {}, silent(after)), 0, `status after the update: ${after.join('\n')}`);
  });
}

test.run();

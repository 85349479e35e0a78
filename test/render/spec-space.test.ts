/**
 * The spec space, rendered in-process: each spec the sweep's arbitrary draws is refused in one line
 * or renders to a tree that Biome's linter passes without a finding. In seconds this catches what
 * the sweep (a minute per spec) finds late or never: a spec whose rendering never ends (a unique
 * decimal(16,16) once counted its values forever), or a load body whose values fell back to
 * constants and left `n` unused. fast-check prints the seed and the spec of a failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { DEFAULT_PORTS } from '../../src/answers/answers.js';
import { checkAnswers } from '../../src/answers/answers-file.js';
import { renderProject } from '../../src/generate/generate.js';
import { validateFields } from '../../src/spec/validate-fields.js';
import { root, tempDir } from '../support/helpers.js';
import { spec } from '../support/spec-arbitrary.js';

const space = suite('the field spec space');

/** Biome's findings in a rendered tree (no packages needed to lint), or undefined when it has none. */
function lintFindings(files: ReadonlyMap<string, string>): string | undefined {
  const dir = tempDir('create-item-service-space-');
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const biome = join(root, 'node_modules/.bin/biome');
  const result = spawnSync(biome, ['check', '--error-on-warnings', '--vcs-enabled=false', '--reporter=json'], { cwd: dir, encoding: 'utf8' });
  const report = JSON.parse(result.stdout) as { summary: { infos: number }; diagnostics: { message: string; location: { path: string } }[] };
  if (result.status === 0 && report.summary.infos === 0 && report.diagnostics.length === 0) return undefined;
  return report.diagnostics.map(({ message, location }) => `${location.path}: ${message}`).join('\n');
}

space('each drawn spec is refused in one line, or renders a tree that passes biome check', () => {
  fc.assert(
    fc.property(spec, (answers) => {
      const refusal = validateFields(answers.fields);
      if (refusal !== undefined) {
        assert.not.match(refusal, /\n/);
        return;
      }
      const files = renderProject({ ...DEFAULT_PORTS, ...checkAnswers(answers) });
      assert.is(lintFindings(files), undefined);
    }),
    { numRuns: 25 },
  );
});

space('a unique decimal with more units than a double counts renders, its values varying', () => {
  const files = renderProject({ ...DEFAULT_PORTS, ...checkAnswers({ entity: 'Box', fields: [{ name: 'ratio', type: 'decimal', precision: 16, scale: 16, unique: true }] }) });
  assert.match(files.get('k6/box-body.ts') ?? '', /ratio: \(n \+ 1\) \/ 10_000_000_000_000_000/);
  assert.is(lintFindings(files), undefined);
});

space.run();

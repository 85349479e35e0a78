/**
 * The spec space, rendered in-process: each spec the sweep's arbitrary draws is refused in one line
 * or renders to a tree that Biome's linter passes without a finding. In seconds this catches what
 * the sweep (a minute per spec) finds late or never: a spec whose rendering never ends (a unique
 * decimal(16,16) once counted its values forever), or a load body whose values fell back to
 * constants and left `n` unused. fast-check prints the seed and the spec of a failure.
 */
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { DEFAULT_PORTS } from '../../src/answers/answers.js';
import { checkAnswers } from '../../src/answers/answers-file.js';
import { renderProject } from '../../src/generate/generate.js';
import { biomeFindings } from '../support/biome.js';
import { tempDir } from '../support/helpers.js';
import { writeTree } from '../support/lifecycle-fixtures.js';
import { refusalOf, spec } from '../support/spec-arbitrary.js';

const space = suite('the field spec space');

/** Biome's findings in a rendered tree (no packages needed to lint), or undefined when it has none. */
function lintFindings(files: ReadonlyMap<string, string>): string | undefined {
  const dir = tempDir('create-item-service-space-');
  writeTree(dir, files);
  return biomeFindings(dir);
}

space('each drawn spec is refused in one line, or renders a tree that passes biome check', () => {
  fc.assert(
    fc.property(spec, (answers) => {
      // Refused for its fields or for what they make with the entity (an index name past 63 characters with tenants).
      const refusal = refusalOf(answers);
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

space.run();

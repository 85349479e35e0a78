/**
 * The generated projects that the checks of what the generator renders (Dockerfile, manifests,
 * k6 scripts) run against: the reference example, and a multi-word service generated fresh
 * into a temporary folder once per test process, which is removed when the process exits.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { entityNames, type EntityNames } from '../../src/names/entity-names.js';
import { example, linkRootModules, runBin, tempDir } from './helpers.js';

export interface GeneratedProject {
  dir: string;
  names: EntityNames;
  port: number;
  managementPort: number;
}

/**
 * Reads the project's answers file, the names the templates were rendered with, and links the
 * root's installed packages into it: the root declares every dependency of a generated project.
 */
function project(dir: string): GeneratedProject {
  linkRootModules(dir);
  const answers = JSON.parse(readFileSync(join(dir, 'create-item-service.json'), 'utf8')) as {
    entity: string;
    port: number;
    managementPort: number;
  };
  return { dir, names: entityNames(answers.entity), port: answers.port, managementPort: answers.managementPort };
}

/** Where `npm test` has generated "warehouse bin" already (test/support/suites.ts): then it is not made twice. */
export const GENERATED_PROJECT_ENV = 'WAREHOUSE_BIN_SERVICE';

/** Generates "warehouse bin" with the built CLI, unless the run has. */
function generateFresh(): GeneratedProject {
  const made = process.env[GENERATED_PROJECT_ENV];
  if (made && existsSync(join(made, 'create-item-service.json'))) return project(made);
  const dir = join(tempDir(), 'warehouse-bin-service');
  const result = runBin(['warehouse bin', '--yes', '--out', dir]);
  if (result.status !== 0) throw new Error(`generating warehouse bin failed (${result.status}): ${result.stderr}`);
  return project(dir);
}

export const generatedProjects: GeneratedProject[] = [project(example), generateFresh()];

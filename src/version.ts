import { readFileSync } from 'node:fs';

/** The generator's own version, from its package.json, recorded in every generated project. */
export const GENERATOR_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

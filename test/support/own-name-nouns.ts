/**
 * The entity names that the generated code's own identifiers could be read as: a router named
 * `createManagementRouter` would read as `create<Entity>Router` for the entity Management, a
 * middleware `jsonBody` as `<entity>Body` for Json (both were, and clashed).
 * Worked out from the templates at run time: every identifier of a project rendered for a made-up
 * entity that holds the entity's name is a pattern, and every identifier of another project that
 * fits one is a candidate. test/render/nouns.test.ts type-checks and lints their projects.
 */
import { DEFAULT_PORTS } from '../../src/answers/answers.js';
import { validateEntity } from '../../src/answers/validate-answers.js';
import { renderUnformatted, type Template } from '../../src/render/render.js';
import { GENERATOR_VERSION } from '../../src/version.js';

const SENTINEL = 'Zyxwv';
const OTHER = 'Qpmrt';

/** Every identifier of the project rendered for `entity`, with soft delete and without (it adds code of its own). */
function identifiers(entity: string, templates: Template[]): Set<string> {
  const found = new Set<string>();
  for (const softDelete of [false, true]) {
    for (const [path, content] of renderUnformatted({ entity, ...DEFAULT_PORTS, softDelete }, templates, GENERATOR_VERSION)) {
      if (path.endsWith('.ts')) for (const [word] of content.matchAll(/\b[A-Za-z_$][\w$]*\b/g)) found.add(word);
    }
  }
  return found;
}

/** `createZyxwvRouter` -> /^create([A-Z]\w*)Router$/; the plural spellings too (`zyxwvsPath`). */
function patternOf(identifier: string): RegExp {
  const source = identifier.replace(/(zyxwv|Zyxwv)s?/g, (word) => (word.startsWith('Z') ? '([A-Z][A-Za-z0-9]*)' : '([a-z][A-Za-z0-9]*)'));
  return new RegExp(`^${source}$`);
}

export function ownNameNouns(templates: Template[]): string[] {
  const patterns = [...identifiers(SENTINEL, templates)]
    // The entity's name alone (in strings and comments) would make every word a candidate.
    .filter((word) => /zyxwv/i.test(word) && !/^zyxwvs?$/i.test(word))
    .map(patternOf);
  const candidates = new Set<string>();
  for (const word of identifiers(OTHER, templates)) {
    if (/qpmrt/i.test(word)) continue;
    for (const pattern of patterns) {
      const captured = pattern.exec(word)?.[1];
      if (captured !== undefined) candidates.add(captured[0]!.toUpperCase() + captured.slice(1));
    }
  }
  return [...candidates].filter((noun) => validateEntity(noun) === undefined).sort();
}

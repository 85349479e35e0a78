import { renderProject } from './generate.js';
import { entityNames } from './names.js';

/**
 * An entity no template could contain, so its own names are easy to tell apart. Two words, so that
 * its variable names (zqxProbes) differ from its route and table (zqxprobes, zqx_probes).
 */
const PROBE_ENTITY = 'Zqx probe';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const DECLARATION = /\b(?:const|let|var|function|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g;
const DESTRUCTURING = /\b(?:const|let|var)\s*[{[]([^}\]=]*)[}\]]/g;
const DEFAULT_IMPORT = /\bimport\s+(?:type\s+)?([A-Za-z_$][\w$]*)/g;
const NAMESPACE_IMPORT = /\bimport\s+\*\s+as\s+([A-Za-z_$][\w$]*)/g;
const NAMED_IMPORT = /\bimport\s+(?:type\s+)?(?:[A-Za-z_$][\w$]*\s*,\s*)?\{([^}]*)\}/g;
const COMMENT = /\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm;
// Quoted text (test titles, messages) holds prose like "content type and", not declarations.
const STRING = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

let cached: Set<string> | undefined;

/**
 * Names that the generated TypeScript imports or declares (`Pojo`, `input`, ...) in the modules
 * where the entity's own class and variable names appear, read from the templates rendered for a
 * probe entity. An entity named like one of them would clash (`import { type Pojo }` beside
 * `class Pojo`, or two `const input` in one handler).
 */
export function generatedIdentifiers(): Set<string> {
  if (cached) return cached;
  const found = new Set<string>();
  const add = (name: string) => {
    const bare = name.trim().replace(/^type\s+/, '').split(/\s+as\s+|:/).at(-1)?.trim() ?? '';
    if (IDENTIFIER.test(bare) && !bare.toLowerCase().includes('zqxprobe')) found.add(bare);
  };
  const probe = entityNames(PROBE_ENTITY);
  const probeNames = new RegExp(`\\b(${[probe.className, probe.classNamePlural, probe.camelName, probe.camelNamePlural].join('|')})\\b`);
  for (const [path, rendered] of renderProject({ entity: PROBE_ENTITY, port: 8080, managementPort: 8081 })) {
    const content = rendered.replace(COMMENT, '$1').replace(STRING, "''");
    if (!path.endsWith('.ts') || !probeNames.test(content)) continue;
    for (const pattern of [DECLARATION, DEFAULT_IMPORT, NAMESPACE_IMPORT]) {
      for (const match of content.matchAll(pattern)) add(match[1] ?? '');
    }
    for (const pattern of [NAMED_IMPORT, DESTRUCTURING]) {
      for (const match of content.matchAll(pattern)) (match[1] ?? '').split(',').forEach(add);
    }
  }
  found.delete('type'); // `import type { ... }` is not a name
  cached = found;
  return found;
}

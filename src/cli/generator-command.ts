import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package this generator runs from: a clone, an unpacked tarball, or npx's install of either. */
const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OWN_BIN = join(PACKAGE_ROOT, 'bin/create-item-service.js');

const realPath = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

/** Quotes a path for a POSIX shell when it needs it. */
export const shellWord = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/**
 * What npx installed this generator from, when it runs from npx's cache (`~/.npm/_npx/<hash>`):
 * the registry (undefined) or a tarball or folder (`file:` spec, relative to that folder).
 */
function npxSource(): { fromRegistry: boolean; path?: string } | undefined {
  const parts = PACKAGE_ROOT.split(sep);
  const at = parts.lastIndexOf('_npx');
  if (at < 0 || parts.length <= at + 1) return undefined;
  const npxDir = parts.slice(0, at + 2).join(sep);
  try {
    const manifest = JSON.parse(readFileSync(join(npxDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const spec = manifest.dependencies?.['create-item-service'];
    if (spec?.startsWith('file:')) return { fromRegistry: false, path: resolve(npxDir, spec.slice('file:'.length)) };
  } catch {
    // An npx folder of another shape: the registry's package is the likely source.
  }
  return { fromRegistry: true };
}

/**
 * Whether `npx create-item-service` run in `dir` finds this very generator without asking the
 * registry: npm looks for the command in `node_modules/.bin` of `dir` and of every folder above it,
 * so a project made inside the generator's clone (whose `npm ci` links the command there) finds it.
 */
function npxFindsThisGenerator(dir: string): boolean {
  const own = realPath(OWN_BIN);
  for (let folder = resolve(dir); ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules/.bin/create-item-service');
    if (existsSync(candidate)) return realPath(candidate) === own;
    if (dirname(folder) === folder) return false;
  }
}

/**
 * The command that runs this generator, as printed for a project in `projectDir`, so that every
 * command the CLI prints runs as printed from there:
 *
 *   run by npx from the registry, or a project inside the generator's clone -> npx create-item-service
 *   run by npx from a tarball                                              -> npx /path/create-item-service-0.1.0.tgz
 *   anything else (a clone, an unpacked package)                           -> node /path/bin/create-item-service.js
 */
export function generatorCommand(projectDir: string): string {
  const npx = npxSource();
  if (npx?.path !== undefined) return `npx ${shellWord(npx.path)}`;
  if (npx?.fromRegistry || npxFindsThisGenerator(projectDir)) return 'npx create-item-service';
  return `node ${shellWord(OWN_BIN)}`;
}

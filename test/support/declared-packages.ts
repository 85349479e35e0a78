/**
 * The packages a project uses without declaring them in its package.json. The root run lets
 * generated projects borrow the root's node_modules (linkRootModules), where far more is installed
 * than any one project declares: an import or a script's command that resolves there alone would
 * pass every test and break the owner's `npm install`. So every project the run links is checked
 * first (test/support/make-project.ts, test/spec-sweep.ts).
 */
import { readlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

import { readTree, root } from './helpers.js';

/** The package a bare specifier names: `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Bare specifiers of static and dynamic imports and `export ... from` in a TypeScript file. */
function imports(source: string): string[] {
  const found = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'([^'.][^']*)'/g)].map((match) => match[1]!);
  // A package name (not a regular expression that happens to hold `from '...'`).
  const bare = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w./-]*)?$/i;
  return found.filter((specifier) => bare.test(specifier) && !specifier.startsWith('node:') && !builtinModules.includes(specifier));
}

/**
 * Packages a package.json's scripts run: commands found in `binFolder` (a node_modules/.bin, whose
 * links name their package), `--import <package>` and `node_modules/<package>/...` paths.
 */
function scriptPackages(scripts: Record<string, string>, binFolder: string): string[] {
  return Object.values(scripts).flatMap((script) => {
    const commands = script
      .split(/&&|\|\||[|;]/)
      .map((command) => command.trim().split(/\s+/).filter((word) => !/^\w+=/.test(word) && word !== 'exec')[0])
      .flatMap((command) => {
        try {
          return [packageOf(readlinkSync(join(binFolder, command ?? '')).replace(/^(\.\.\/)+/, ''))];
        } catch {
          return []; // not an installed package's command (node, npm, a shell builtin)
        }
      });
    const imported = [...script.matchAll(/--import\s+([^\s'"]+)/g)].map((match) => packageOf(match[1]!));
    const paths = [...script.matchAll(/node_modules\/((?:@[^/\s]+\/)?[^/\s]+)/g)].map((match) => match[1]!);
    return [...commands, ...imported, ...paths];
  });
}

/**
 * `path: package` for every package a project's TypeScript imports or its scripts run that the
 * nearest package.json does not declare (a workspace such as tools/openapi-types declares its own).
 * `files` maps the project's paths to their contents; `binFolder` is where the scripts' commands
 * are installed.
 */
export function undeclaredPackages(files: Map<string, string>, binFolder: string): string[] {
  const manifests = [...files.keys()].filter((path) => path === 'package.json' || path.endsWith('/package.json'));
  const manifestOf = (path: string) => manifests.filter((manifest) => path.startsWith(manifest.slice(0, -'package.json'.length))).sort((a, b) => b.length - a.length)[0];
  const declared = (manifest: string) => {
    const json = JSON.parse(files.get(manifest) ?? '{}') as Record<string, Record<string, string> | undefined>;
    return new Set([...Object.keys(json.dependencies ?? {}), ...Object.keys(json.devDependencies ?? {})]);
  };
  const used = [
    ...[...files]
      .filter(([path]) => path.endsWith('.ts'))
      .flatMap(([path, source]) => imports(source).map((specifier) => ({ path, name: packageOf(specifier) })))
      // k6 scripts run in k6, whose modules (k6, k6/http) are not npm packages; @types/k6 types them.
      .filter(({ path, name }) => !(path.startsWith('k6/') && name === 'k6')),
    ...manifests.flatMap((path) => {
      const { scripts = {} } = JSON.parse(files.get(path)!) as { scripts?: Record<string, string> };
      return scriptPackages(scripts, binFolder).map((name) => ({ path, name }));
    }),
  ];
  return [...new Set(used.filter(({ path, name }) => !declared(manifestOf(path) ?? 'package.json').has(name)).map(({ path, name }) => `${path}: ${name}`))];
}

/** Throws, in one line naming each file and package, when the project in `dir` uses a package it does not declare. */
export function assertDeclaredPackages(dir: string): void {
  const undeclared = undeclaredPackages(readTree(dir), join(root, 'node_modules/.bin'));
  if (undeclared.length > 0) throw new Error(`${dir} uses packages its package.json does not declare: ${undeclared.join(', ')}`);
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import Handlebars from 'handlebars';

import type { Answers } from '../answers/answers.js';
import type { EntityNames } from '../names/entity-names.js';
import { templateContext } from '../views/template-context.js';
import { formatFiles } from './format-files.js';

/** A template file: its path below templates/ (with placeholders) and its text. */
export interface Template {
  path: string;
  content: string;
}

/** The generated tree: relative path (with `/`) -> file content, in path order. */
export type RenderedFiles = Map<string, string>;

export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates', import.meta.url));

/** A template rendered once per migration after the create one (and not at all when there is none). */
const MIGRATION_PLACEHOLDER = '__migration__';

/** npm drops `.gitignore` from published packages, so dotfiles are stored under another name. */
const RENAMED_FILES: Record<string, string> = { _gitignore: '.gitignore' };

/** Reads every file below the templates folder. */
export function loadTemplates(dir: string = TEMPLATES_DIR): Template[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const absolute = join(entry.parentPath, entry.name);
      return { path: relative(dir, absolute).split(sep).join('/'), content: readFileSync(absolute, 'utf8') };
    });
}

/**
 * Renders the project for the given answers. Pure: the same answers and templates always give the
 * same map, byte for byte, laid out by the project's pinned Biome (see formatFiles). Files ending in `.hbs` go through Handlebars (the suffix is dropped);
 * other files are copied as they are. `__name__` in a path is replaced by that name
 * (`src/__fileBase__/__fileBase__.model.ts` -> `src/order-line/order-line.model.ts`). A template
 * that renders to nothing is a file these answers have no use for (`src/db/collation.ts` without
 * text keys to filter by prefix): it is left out.
 */
export function render(answers: Answers, templates: Template[], generatorVersion: string): RenderedFiles {
  // Laid out by the project's own formatter, last: its first `npm run format` changes nothing.
  return formatFiles(renderUnformatted(answers, templates, generatorVersion));
}

/** The rendered files before the formatter lays them out, in path order: render() without its last step. */
export function renderUnformatted(answers: Answers, templates: Template[], generatorVersion: string): RenderedFiles {
  const context = templateContext(answers, generatorVersion);
  const files = templates.flatMap((template) => {
    if (!template.path.includes(MIGRATION_PLACEHOLDER)) return [renderFile(template, outputPath(template.path, context), context)];
    return context.migrations.map((migration) =>
      renderFile(template, outputPath(template.path.replace(MIGRATION_PLACEHOLDER, migration.name), context), { ...context, migration }),
    );
  });
  const used = files.filter(([, content]) => content !== '');
  used.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Two templates rendered to one path would lose one of them: a name the layout cannot hold.
  const twice = used.find(([path], index) => index > 0 && used[index - 1]![0] === path);
  if (twice !== undefined) throw new Error(`two templates render to ${twice[0]}: these answers name a file the generator writes for itself`);
  return new Map(used);
}

function renderFile(template: Template, path: string, context: object): readonly [string, string] {
  const content = template.path.endsWith('.hbs')
    ? Handlebars.compile(template.content, { noEscape: true, strict: true })(context)
    : template.content;
  return [path, content] as const;
}

function outputPath(templatePath: string, names: EntityNames): string {
  return templatePath
    .replace(/\.hbs$/, '')
    .split('/')
    .map((segment) => RENAMED_FILES[segment] ?? segment)
    .join('/')
    .replace(/__(\w+)__/g, (placeholder, key: string) => {
      const value = names[key as keyof EntityNames];
      if (value === undefined) throw new Error(`unknown placeholder ${placeholder} in template path ${templatePath}`);
      return value;
    });
}

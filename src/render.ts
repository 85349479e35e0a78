import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import Handlebars from 'handlebars';

import { arbitraryViews } from './fields/arbitrary-views.js';
import { entityShape } from './fields/entity-views.js';
import { fieldViews } from './fields/field-views.js';
import { DEFAULT_FIELDS, type FieldSpec } from './fields/spec.js';
import { entityNames, type EntityNames } from './names.js';

/** What a user chooses; everything else is derived from it. */
export interface Answers {
  entity: string;
  port: number;
  managementPort: number;
  /** The entity's fields, already checked (see checkFields); the standard item fields when left out. */
  fields?: FieldSpec[];
}

/** A template file: its path below templates/ (with placeholders) and its text. */
export interface Template {
  path: string;
  content: string;
}

/** The generated tree: relative path (with `/`) -> file content, in path order. */
export type RenderedFiles = Map<string, string>;

export const TEMPLATES_DIR = fileURLToPath(new URL('../templates', import.meta.url));

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
 * same map, byte for byte. Files ending in `.hbs` go through Handlebars (the suffix is dropped);
 * other files are copied as they are. `__name__` in a path is replaced by that name
 * (`src/__fileBase__/__fileBase__.model.ts` -> `src/order-line/order-line.model.ts`).
 */
export function render(answers: Answers, templates: Template[], generatorVersion: string): RenderedFiles {
  const names = entityNames(answers.entity);
  const fields = fieldViews(answers.fields ?? DEFAULT_FIELDS);
  const context = { ...names, port: answers.port, managementPort: answers.managementPort, generatorVersion, fields, shape: entityShape(fields, names), arbitraries: arbitraryViews(answers.fields ?? DEFAULT_FIELDS) };
  const files = templates.map((template) => {
    const path = outputPath(template.path, names);
    const content = template.path.endsWith('.hbs')
      ? Handlebars.compile(template.content, { noEscape: true, strict: true })(context)
      : template.content;
    return [path, content] as const;
  });
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(files);
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

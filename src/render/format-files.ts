import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The project's Biome configuration: the formatter reads its widths, quotes and import order from it. */
const CONFIG_FILE = 'biome.jsonc';

/** The Biome the generator depends on, pinned to the exact version generated projects pin. */
const BIOME = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

/** Formatted text by configuration, path and content: most files are the same from one rendering to the next. */
const formatted = new Map<string, string>();

function cacheKey(config: string, path: string, content: string): string {
  return createHash('sha256').update(config).update('\0').update(path).update('\0').update(content).digest('hex');
}

/**
 * The rendered files as the project's own `npm run format` leaves them: Biome's formatter and
 * import order, with the project's rendered biome.jsonc, over the whole tree at once. Files Biome
 * does not handle (Markdown, YAML, Dockerfile) come back as they are. Deterministic for one Biome
 * version, which generator and project pin alike, so the owner's formatter never rewrites a file.
 */
export function formatFiles(files: ReadonlyMap<string, string>): Map<string, string> {
  const config = files.get(CONFIG_FILE);
  if (config === undefined) return new Map(files);
  const pending = [...files].filter(([path, content]) => !formatted.has(cacheKey(config, path, content)));
  if (pending.length > 0) formatWithBiome(config, pending);
  return new Map([...files].map(([path, content]) => [path, formatted.get(cacheKey(config, path, content)) ?? content]));
}

function formatWithBiome(config: string, pending: Array<[string, string]>): void {
  const dir = mkdtempSync(join(tmpdir(), 'create-item-service-format-'));
  try {
    writeFileSync(join(dir, CONFIG_FILE), config);
    for (const [path, content] of pending) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    // The linter stays off: its fixes are the owner's to apply; the rendering must already pass it.
    const args = [BIOME, 'check', '--write', '--linter-enabled=false', '--vcs-enabled=false', '--no-errors-on-unmatched', '.'];
    const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`Biome could not format the rendered project:\n${result.stdout}${result.stderr}`);
    for (const [path, content] of pending) formatted.set(cacheKey(config, path, content), readFileSync(join(dir, path), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { copyFile, cp, mkdir, mkdtemp, readFile, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { projectDir } from './process.js';

export interface ProductionInstall {
  /** The compiled server in it, to run with node. */
  server: string;
  remove(): Promise<void>;
}

/**
 * What the image holds, made without the network: the compiled build and package.json beside a
 * node_modules that links the production dependencies alone (`npm ci --omit=dev` installs no
 * more), so that the build importing a devDependency fails here as it would in the image.
 * Build first (`npm run build`).
 */
export async function productionInstall(): Promise<ProductionInstall> {
  const dir = await mkdtemp(join(tmpdir(), 'production-install-'));
  try {
    await cp(join(projectDir, 'dist'), join(dir, 'dist'), { recursive: true });
    await copyFile(join(projectDir, 'package.json'), join(dir, 'package.json'));
    const { dependencies } = JSON.parse(await readFile(join(projectDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of Object.keys(dependencies)) {
      const link = join(dir, 'node_modules', name);
      await mkdir(dirname(link), { recursive: true });
      await symlink(await realpath(join(projectDir, 'node_modules', name)), link, 'dir');
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { server: join(dir, 'dist/server.js'), remove: () => rm(dir, { recursive: true, force: true }) };
}

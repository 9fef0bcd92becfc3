/**
 * Keeps the hashed assets of the last few web builds in `apps/web/dist/assets/` (decision 065):
 * a build writes beside the previous ones (Vite's `build.emptyOutDir: false`), so a page a
 * running server sent before a deploy still finds the chunks it names, and this prunes what
 * no recent build wrote. `asset-builds.json` beside `assets/` lists, newest last, the files each
 * build wrote; a file's `.br` and `.gz` twins go with it.
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How many builds' assets stay: the running one, the one before, and one more for a page open long. */
export const KEPT_BUILDS = 3;

/** The record of the builds' files, beside `assets/`. */
export const BUILDS_RECORD = 'asset-builds.json';

const twinless = (file: string) => file.replace(/\.(br|gz)$/, '');

/**
 * Records that a build wrote `built` (names inside `assetsDir`) and removes every file of
 * `assetsDir` that none of the last `keep` builds wrote. Files there before the first record
 * count as one earlier build.
 * @returns the names removed, sorted
 */
export function keepRecentAssets(assetsDir: string, built: readonly string[], keep = KEPT_BUILDS): string[] {
  const recordPath = join(assetsDir, '..', BUILDS_RECORD);
  const present = existsSync(assetsDir) ? readdirSync(assetsDir) : [];
  const thisBuild = [...new Set(built.map(twinless))].sort();
  let builds: string[][];
  if (existsSync(recordPath)) builds = JSON.parse(readFileSync(recordPath, 'utf8')) as string[][];
  else {
    const earlier = [...new Set(present.map(twinless))].filter((file) => !thisBuild.includes(file)).sort();
    builds = earlier.length ? [earlier] : [];
  }
  builds = [...builds, thisBuild].slice(-keep);
  const kept = new Set(builds.flat());
  const removed = present.filter((file) => !kept.has(twinless(file))).sort();
  for (const file of removed) rmSync(join(assetsDir, file), { force: true });
  writeFileSync(recordPath, `${JSON.stringify(builds)}\n`);
  return removed;
}

import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepRecentAssets } from './web-assets.js';

/** Writes `files` into `assets` as a build would. */
const build = (assets: string, files: string[]) => {
  mkdirSync(assets, { recursive: true });
  for (const file of files) for (const name of [file, `${file}.br`, `${file}.gz`]) writeFileSync(join(assets, name), name);
  return files;
};

describe('the web build keeps the hashed assets of recent builds (decision 065)', () => {
  it('keeps what the last three builds wrote, with their twins, and removes what is older', () => {
    const assets = join(mkdtempSync(join(tmpdir(), 'jsbn-assets-')), 'assets');
    // a dist from before the record: its files count as one earlier build
    build(assets, ['index-old.js']);
    expect(keepRecentAssets(assets, build(assets, ['index-a.js', 'page-a.js']))).toEqual([]);
    expect(keepRecentAssets(assets, build(assets, ['index-b.js', 'page-a.js']))).toEqual([]);
    // a page sent by the server of build a still finds page-a.js and index-a.js
    expect(keepRecentAssets(assets, build(assets, ['index-c.js', 'page-c.js']))).toEqual([
      'index-old.js',
      'index-old.js.br',
      'index-old.js.gz',
    ]);
    expect(readdirSync(assets).sort()).toContain('index-a.js.br');
    // page-a.js stays while build b, which wrote it again, is among the last three
    expect(keepRecentAssets(assets, build(assets, ['index-d.js', 'page-c.js']))).toEqual(['index-a.js', 'index-a.js.br', 'index-a.js.gz']);
    expect(keepRecentAssets(assets, build(assets, ['index-e.js', 'page-c.js']))).toEqual([
      'index-b.js',
      'index-b.js.br',
      'index-b.js.gz',
      'page-a.js',
      'page-a.js.br',
      'page-a.js.gz',
    ]);
    expect(readdirSync(assets).filter((file) => file.endsWith('.js'))).toEqual(['index-c.js', 'index-d.js', 'index-e.js', 'page-c.js']);
  });
});

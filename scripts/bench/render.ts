/**
 * npm run bench:render [-- --against DIR] [--pages N] — the server's CPU for an uncached render
 * of a book page (decisions 011 and 065), without a catalogue: the built app's server render
 * (`apps/web/dist-server/entry-server.js`) renders the book pages of a few books, with the API's
 * replies already in hand, and prints the CPU time (`process.cpuUsage`, ms of user + system) per
 * page in English, Gujarati and Hindi, medians of 3 rounds of `--pages` (60). With `--against
 * DIR` (an older build's `dist-server`) that build is the baseline of the same run, alternating,
 * after a check that both render every page (book, landing, search with and without a query,
 * each language) byte for byte the same HTML (its CSS's size printed beside). Asserts nothing.
 * Needs `npm run build` first. CPU time, not wall time: other work on the machine shows less.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatJsbn, type InterfaceLanguage } from '@jsbn/shared';
import { buildApp } from '@jsbn/api/app';
import { loadConfig } from '@jsbn/api/config';
import { createBook, createPublisher } from '@jsbn/api/factories';
import { loadRenderer, type AppRenderer } from '@jsbn/api/app-pages';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({ options: { against: { type: 'string' }, pages: { type: 'string', default: '60' } } });
const PAGES = Number(values.pages);

const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-bench-render-'));
const { app, ctx } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0' }));
try {
  const publisher = await createPublisher(ctx, { publisher_no: 'BENCH', publisher_name: 'શ્રી જિનશાસન આરાધના ટ્રસ્ટ' });
  const jsbns: string[] = [];
  for (let i = 0; i < 8; i++)
    jsbns.push(
      formatJsbn(
        (
          await createBook(ctx, publisher.publisherId, {
            book_title: `શ્રી ક્ષમાપના સૂત્ર ${i + 1}`,
            book_e_title: `Shri Kshamapana Sutra ${i + 1}`,
          })
        ).jsbn_number,
      ),
    );
  // the API's replies, asked for once: the rendering alone is measured
  const replies = new Map<string, { status: number; body: Uint8Array; type: string }>();
  const transport = async (url: string) => {
    let reply = replies.get(url);
    if (!reply) {
      const answer = await app.inject({ method: 'GET', url });
      reply = { status: answer.statusCode, body: new Uint8Array(answer.rawPayload), type: String(answer.headers['content-type']) };
      replies.set(url, reply);
    }
    return new Response(reply.body as Uint8Array<ArrayBuffer>, { status: reply.status, headers: { 'content-type': reply.type } });
  };
  const renderer = await loadRenderer(join(ROOT, 'apps/web/dist'));
  const builds: [string, AppRenderer][] = [['this build', renderer]];
  if (values.against) builds.unshift(['--against', await loadRenderer(join(resolve(values.against), '..', 'dist'))]);
  // the older build (rendering each page three times: one that cached parts of pages did so from the third) renders the same HTML
  if (values.against)
    for (const language of ['en', 'gu', 'hi'] as InterfaceLanguage[]) {
      for (const path of [`/jsbn/${jsbns[0]}`, `/jsbn/${jsbns[5]}`, '/', '/search-a-book', '/search-a-book?query=Shri']) {
        const pages: Awaited<ReturnType<AppRenderer['renderPage']>>[] = [];
        for (const [, build] of [builds[0]!, builds[0]!, builds[0]!, builds[1]!])
          pages.push(await build.renderPage(`http://jsbn.test${path}`, transport, language));
        const same = pages.every((page) => page.html === pages[0]!.html);
        console.log(
          `${language} ${path}: ${same ? 'the same HTML' : `DIFFERENT (${pages.map((page) => page.html.length).join(', ')} characters)`}; CSS ${pages[0]!.css.length} → ${pages.at(-1)!.css.length} characters`,
        );
      }
    }
  console.log('\n| build | language | CPU per book page rendered (median of 3 rounds) | ratio to the first |\n|---|---|---|---|');
  for (const language of ['en', 'gu', 'hi'] as InterfaceLanguage[]) {
    const rounds = new Map<string, number[]>();
    for (let round = 0; round < 3; round++) {
      for (const [name, build] of builds) {
        for (let i = 0; i < 10; i++) await build.renderPage(`http://jsbn.test/jsbn/${jsbns[i % 8]}`, transport, language);
        const before = process.cpuUsage();
        for (let i = 0; i < PAGES; i++) await build.renderPage(`http://jsbn.test/jsbn/${jsbns[i % 8]}`, transport, language);
        const used = process.cpuUsage(before);
        rounds.set(name, [...(rounds.get(name) ?? []), (used.user + used.system) / 1000 / PAGES]);
      }
    }
    const median = (name: string) => [...rounds.get(name)!].sort((a, b) => a - b)[1]!;
    for (const [name] of rounds)
      console.log(`| ${name} | ${language} | ${median(name).toFixed(1)} ms | ${(median(name) / median(builds[0]![0])).toFixed(2)}× |`);
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

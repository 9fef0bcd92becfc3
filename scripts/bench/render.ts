/**
 * npm run bench:render [-- --against DIR] [--pages N] — the server's CPU for a first scan's
 * drawing (decisions 011, 031 and 048), without a catalogue: the built app's server render
 * (`apps/web/dist-server/entry-server.js`) draws the book pages of a few books, each drawn
 * anew (as a first scan is), with the API's replies already in hand, and prints the CPU time
 * (`process.cpuUsage`, ms of user + system) per page in English, Gujarati and Hindi, medians of
 * 3 rounds of `--pages` (60), beside the same build keeping nothing between pages (`fresh`: no
 * part drawn once, no style kept; decision 048) as the baseline of the same run. It first checks
 * that both draw every page (book, landing, search with and without a query, each language)
 * byte for byte the same. With `--against DIR` (an older build's `dist-server`), the same for
 * that build too, alternating; its HTML is checked the same and its CSS's size printed beside
 * this build's (a build before decision 057 wrote styles no element uses). Asserts nothing. Needs `npm run build` first. CPU time, not wall
 * time: other work on the machine shows less.
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
  // the API's replies, asked for once: the drawing alone is measured
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
  const builds: [string, AppRenderer, { fresh?: boolean }][] = [
    ['this build, nothing kept', renderer, { fresh: true }],
    ['this build', renderer, {}],
  ];
  if (values.against) builds.unshift(['--against', await loadRenderer(join(resolve(values.against), '..', 'dist')), {}]);
  // every build and way draws the same bytes; this build keeping parts three times (an element met once, drawn alone and kept, then spliced)
  for (const language of ['en', 'gu', 'hi'] as InterfaceLanguage[]) {
    for (const path of [`/jsbn/${jsbns[0]}`, `/jsbn/${jsbns[5]}`, '/', '/search-a-book', '/search-a-book?query=Shri']) {
      const pages: Awaited<ReturnType<AppRenderer['renderPage']>>[] = [];
      for (const [, build, options] of [...builds, builds.at(-1)!, builds.at(-1)!])
        pages.push(await build.renderPage(`http://jsbn.test${path}`, transport, language, options));
      // an older build (--against) may write styles this one leaves out (decision 057): its HTML is compared, its CSS measured
      const ours = values.against ? pages.slice(1) : pages;
      const same = ours.every((page) => page.html === ours[0]!.html && page.css === ours[0]!.css) && pages[0]!.html === ours[0]!.html;
      console.log(
        `${language} ${path}: ${same ? 'the same bytes' : `DIFFERENT (${pages.map((page) => page.html.length + page.css.length).join(', ')} characters)`}${
          values.against ? `; CSS ${pages[0]!.css.length} → ${ours[0]!.css.length} characters` : ''
        }`,
      );
    }
  }
  console.log('\n| build | language | CPU per book page drawn (median of 3 rounds) | ratio to nothing kept |\n|---|---|---|---|');
  for (const language of ['en', 'gu', 'hi'] as InterfaceLanguage[]) {
    const rounds = new Map<string, number[]>();
    for (let round = 0; round < 3; round++) {
      for (const [name, build, options] of builds) {
        for (let i = 0; i < 10; i++) await build.renderPage(`http://jsbn.test/jsbn/${jsbns[i % 8]}`, transport, language, options);
        const before = process.cpuUsage();
        for (let i = 0; i < PAGES; i++) await build.renderPage(`http://jsbn.test/jsbn/${jsbns[i % 8]}`, transport, language, options);
        const used = process.cpuUsage(before);
        rounds.set(name, [...(rounds.get(name) ?? []), (used.user + used.system) / 1000 / PAGES]);
      }
    }
    const median = (name: string) => [...rounds.get(name)!].sort((a, b) => a - b)[1]!;
    for (const [name] of rounds)
      console.log(
        `| ${name} | ${language} | ${median(name).toFixed(1)} ms | ${(median(name) / median(builds.find(([, , options]) => options.fresh)![0])).toFixed(2)}× |`,
      );
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

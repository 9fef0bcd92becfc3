/**
 * Part `interop` of `npm run bench:scale` (decision 034): the SRU target and the OAI-PMH
 * repository on the catalogue of N books, through the built API on 127.0.0.1, one request at a
 * time as a library system asks:
 * - SRU searchRetrieve by JSBN (`bath.standardIdentifier`, a random catalogue JSBN each time),
 *   and by title and author (Koha's indexes; each reply a new search), MARCXML, 10 records;
 * - OAI-PMH ListRecords in marcxml, 100 records a page: a whole harvest from the first page to
 *   the last by resumption tokens, every page timed (any depth), every record counted.
 * Prints p50/p95/max of each, the harvest's records, pages and seconds.
 */
import { performance } from 'node:perf_hooks';

export interface InteropBench {
  /** The API's base URL. */
  base: string;
  /** JSBNs of the catalogue, in random order. */
  samples: string[];
  percentiles: (times: number[]) => string;
}

/** GET `url`; the reply's text and how long it took (ms). @throws on a status other than 200 */
async function timed(url: string): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { text, ms: performance.now() - started };
}

export async function measureInterop({ base, samples, percentiles }: InteropBench): Promise<void> {
  const sru = (query: string) =>
    `${base}/sru?operation=searchRetrieve&version=1.2&recordSchema=marcxml&maximumRecords=10&query=${encodeURIComponent(query)}`;
  // warm the statements of each kind once
  await timed(sru(`bath.standardIdentifier=${samples[0]}`));
  await timed(sru('dc.title=sutra'));

  const byJsbn: number[] = [];
  for (const jsbn of samples.slice(1, 301)) {
    const { text, ms } = await timed(sru(`bath.standardIdentifier="${jsbn}"`));
    if (!text.includes('<zs:numberOfRecords>1</zs:numberOfRecords>')) throw new Error(`SRU found no book ${jsbn}`);
    byJsbn.push(ms);
  }
  console.log(`\nSRU searchRetrieve by JSBN (bath.standardIdentifier), ${byJsbn.length} random books, sequential: ${percentiles(byJsbn)}`);

  const titles = [
    'dc.title=sutra',
    'dc.title=kalpasutra',
    'dc.title=કલ્પસૂત્ર',
    'title="तत्त्वार्थ सूत्र"',
    'dc.title=kalpsutra',
    'title all "jain dharma"',
    'dc.author=hemchandracharya',
    'dc.title=bhaktamar and dc.author=mantung',
    'cql.anywhere=gyanpith',
  ];
  const byTitle: number[] = [];
  const found: Record<string, string> = {};
  for (let round = 0; round < 20; round++) {
    for (const query of titles) {
      // each a new request (nothing is kept between SRU requests): page `round` of ten records
      const { text, ms } = await timed(`${sru(query)}&startRecord=${1 + round * 10}`);
      byTitle.push(ms);
      found[query] ??= text.match(/<zs:numberOfRecords>(\d+)</)?.[1] ?? text.match(/<diag:details>([^<]*)</)?.[1] ?? '?';
    }
  }
  console.log(`SRU searchRetrieve by title and author (${titles.length} queries × pages 1–20 of 10): ${percentiles(byTitle)}`);
  console.log(
    `  matches: ${Object.entries(found)
      .map(([query, n]) => `${query} → ${n}`)
      .join('; ')}`,
  );

  // a whole harvest
  const pages: number[] = [];
  let records = 0;
  let url: string | null = `${base}/oai?verb=ListRecords&metadataPrefix=marcxml`;
  const started = performance.now();
  let total = 0;
  while (url) {
    const { text, ms }: { text: string; ms: number } = await timed(url);
    pages.push(ms);
    records += text.split('<record>').length - 1;
    total ||= Number(text.match(/completeListSize="(\d+)"/)?.[1] ?? 0);
    const token: string | undefined = text.match(/<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/)?.[1];
    url = token ? `${base}/oai?verb=ListRecords&resumptionToken=${encodeURIComponent(token)}` : null;
    // a line every 1,000 pages: a harvest of a million records takes a while
    if (pages.length % 1000 === 0)
      console.log(
        `harvest: ${records.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} in ${((performance.now() - started) / 1000).toFixed(0)} s; pages so far ${percentiles(pages)}`,
      );
  }
  const seconds = (performance.now() - started) / 1000;
  const deep = pages.slice(Math.floor(pages.length * 0.9));
  console.log(
    `OAI-PMH ListRecords, marcxml, 100 a page: a whole harvest of ${records.toLocaleString('en-IN')} records (completeListSize ${total.toLocaleString('en-IN')}) in ${pages.length.toLocaleString('en-IN')} pages, ${seconds.toFixed(0)} s; every page ${percentiles(pages)}; the last tenth of the harvest ${percentiles(deep)}`,
  );
}

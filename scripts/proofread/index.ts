/**
 * npm run proofread — writes apps/web/src/locales/proofread/review.md: each Gujarati and Hindi
 * text that changed or is new since the texts were last proofread (catalogues.ts).
 * npm run proofread -- --accept — records the present texts as proofread (the list empties);
 * --accept=<git ref> records those of a commit instead (e.g. the last one a reviewer read).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  BASELINE_FILE,
  REVIEW_FILE,
  atGitRef,
  baselineOf,
  recordedBaseline,
  reviewItems,
  reviewMarkdown,
  workingTree,
} from './catalogues.js';

const accept = process.argv.slice(2).find((argument) => argument === '--accept' || argument.startsWith('--accept='));
if (accept) {
  const ref = accept.split('=')[1];
  mkdirSync(dirname(BASELINE_FILE), { recursive: true });
  writeFileSync(BASELINE_FILE, `${JSON.stringify(baselineOf(ref ? atGitRef(ref) : workingTree()), null, 2)}\n`);
  console.log(`recorded the texts ${ref ? `of ${ref}` : 'of the working tree'} as proofread`);
}
const items = reviewItems(recordedBaseline());
writeFileSync(REVIEW_FILE, reviewMarkdown(items));
console.log(`review.md: ${items.gu.length} Gujarati and ${items.hi.length} Hindi texts to proofread`);

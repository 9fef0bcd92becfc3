/**
 * npm run gallery:add -- FILE… — adds pictures to the gallery page (GET /api/media/images)
 * in the configured storage (DATA_DIR/files or the S3 bucket, as the server's settings say).
 * Each is decoded and encoded again like every stored image; one that is not a JPEG or PNG,
 * or does not decode, is refused with the reason and the others are still added. The file
 * name gives the caption: `02 Gyan Bhandar.jpg` → "02 gyan bhandar".
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { openContext } from '@jsbn/api/open-context';
import { loadConfig } from '@jsbn/api/config';
import { addGalleryImage } from '../apps/api/src/modules/site/routes.js';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: npm run gallery:add -- FILE [FILE …]');
  process.exit(1);
}
const { ctx, database } = await openContext(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
let failed = 0;
try {
  for (const file of files) {
    try {
      console.log(`added ${file} as ${await addGalleryImage(ctx, basename(file), await readFile(file))}`);
    } catch (error) {
      failed++;
      console.error(`refused ${file}: ${(error as Error).message}`);
    }
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);

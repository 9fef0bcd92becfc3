/**
 * Shared parts of `npm run backup` and `npm run restore`: running pg_dump/pg_restore, and
 * copying every stored file between the storage (S3 bucket or DATA_DIR/files) and a folder.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '@jsbn/api/config';

/**
 * Runs `command args…` with the inherited output.
 * @throws Error naming the command and its exit code when it fails
 */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with code ${code}`))));
  });
}

function s3Of(config: Config): S3Client {
  return new S3Client({
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === 'true',
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY! },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
  });
}

/** Every file below `folder` (paths relative to it, with `/`). */
async function walk(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) found.push(relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return found.sort();
}

/**
 * Copies every stored file (bucket objects or DATA_DIR/files, without temporary files) into `target`.
 * @returns how many files were copied
 */
export async function backupFiles(config: Config, target: string): Promise<number> {
  await mkdir(target, { recursive: true });
  if (!config.useS3) {
    const source = join(config.dataDir, 'files');
    const files = (await walk(source)).filter((path) => !path.startsWith('tmp/'));
    for (const path of files) await cp(join(source, path), join(target, path));
    return files.length;
  }
  const s3 = s3Of(config);
  let count = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: config.S3_BUCKET!, ContinuationToken: token }));
    for (const item of page.Contents ?? []) {
      if (!item.Key || item.Key.includes('..')) continue;
      const file = join(target, item.Key);
      await mkdir(dirname(file), { recursive: true });
      const object = await s3.send(new GetObjectCommand({ Bucket: config.S3_BUCKET!, Key: item.Key }));
      await pipeline(object.Body as Readable, createWriteStream(file));
      count++;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  s3.destroy();
  return count;
}

/**
 * Copies every file of a backup's `source` folder back into the storage of `config`.
 * @returns how many files were restored
 */
export async function restoreFiles(config: Config, source: string): Promise<number> {
  const files = await walk(source);
  if (!config.useS3) {
    for (const path of files) await cp(join(source, path), join(config.dataDir, 'files', path));
    return files.length;
  }
  const s3 = s3Of(config);
  for (const path of files) {
    const { size } = await stat(join(source, path));
    await s3.send(
      new PutObjectCommand({ Bucket: config.S3_BUCKET!, Key: path, Body: createReadStream(join(source, path)), ContentLength: size }),
    );
  }
  s3.destroy();
  return files.length;
}

/**
 * The storage contract, run against both drivers: local disk and an S3-compatible server
 * (s3rver on 127.0.0.1). put (streamed, type by magic bytes), get, size limit (nothing left
 * behind), putBuffer, inspect, list, delete, the API links (an expired or altered signature is
 * refused — s3rver checks no signatures, so this is where link expiry is proven), and for S3
 * the presigned PUT and GET.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { corruptPngChecksum } from '../test/images.js';
import { startS3, type TestS3 } from '../test/servers.js';
import { AppError } from './errors.js';
import { S3Storage } from './s3-storage.js';
import { LocalStorage, spoolChecked, type PutRule, type Storage } from './storage.js';

const SECRET = 's'.repeat(40);
const PDF = Buffer.from('%PDF-1.4\n% contract test\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const rule = (overrides: Partial<PutRule> = {}): PutRule => ({
  visibility: 'private',
  folder: 'contract',
  maxBytes: 1024,
  allowed: ['application/pdf'],
  tooLargeMessage: 'too large',
  typeMessage: 'only PDF',
  unreadableMessage: 'not a readable image',
  ...overrides,
});
async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
/** A stream of `total` bytes in 64 KiB chunks that starts with `head` (never one big buffer). */
function chunked(head: Buffer, total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const size = Math.min(65_536, total - sent);
      const chunk = sent === 0 ? Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]) : Buffer.alloc(size, 0x20);
      sent += size;
      this.push(chunk);
    },
  });
}

let s3: TestS3;
const dirs: string[] = [];
const drivers: Record<'local' | 's3', () => Storage> = {
  local: () => {
    const dir = mkdtempSync(join(tmpdir(), 'jsbn-storage-'));
    dirs.push(dir);
    return new LocalStorage(join(dir, 'files'), SECRET);
  },
  s3: () => {
    const dir = mkdtempSync(join(tmpdir(), 'jsbn-storage-'));
    dirs.push(dir);
    return new S3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      getTtlSeconds: 60,
      tmpDir: join(dir, 'tmp'),
      signingSecret: SECRET,
    });
  },
};

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('the %s storage driver', (kind) => {
  let storage: Storage;
  beforeAll(() => {
    storage = drivers[kind]();
  });
  afterAll(() => storage.close());

  it('streams a file in, reads it back, inspects, lists and deletes it', async () => {
    const stored = await storage.put(Readable.from([PDF.subarray(0, 3), PDF.subarray(3)]), rule({ folder: 'contract/a' }));
    expect(stored).toMatchObject({ size: PDF.length, type: 'application/pdf' });
    expect(stored.key).toMatch(/^private\/contract\/a\/[0-9a-f-]{36}\.pdf$/);
    const { stream, size } = await storage.get(stored.key);
    expect(size).toBe(PDF.length);
    expect(await read(stream)).toEqual(PDF);
    expect(await storage.inspect(stored.key)).toEqual({ size: PDF.length, head: PDF.subarray(0, 8) });
    expect(await storage.list('private/contract/a')).toEqual([stored.key]);
    await storage.delete(stored.key);
    await storage.delete(stored.key); // a missing file is not an error
    expect(await storage.list('private/contract/a')).toEqual([]);
    expect(await storage.inspect(stored.key)).toBeNull();
    await expect(storage.get(stored.key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('accepts exactly the size limit, refuses one byte more and the wrong type, leaving nothing behind', async () => {
    const limit = rule({ folder: 'contract/limit', maxBytes: 200_000 });
    const exact = await storage.put(chunked(PDF.subarray(0, 8), 200_000), limit);
    expect(exact.size).toBe(200_000);
    await expect(storage.put(chunked(PDF.subarray(0, 8), 200_001), limit)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'too large',
    });
    await expect(storage.put(Readable.from([PNG]), limit)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'only PDF' });
    expect(await storage.list('private/contract/limit')).toEqual([exact.key]);
    expect(await storage.removeStaleTemp(new Date(Date.now() + 60_000))).toBe(0);
  });

  it('decodes and re-encodes images, dropping their metadata, and refuses one that does not decode', async () => {
    const images = rule({ folder: 'contract/images', visibility: 'public', maxBytes: 1_000_000, allowed: ['image/jpeg', 'image/png'] });
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#8a2be2' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret place' } } })
      .toBuffer();
    const stored = await storage.put(Readable.from([photo]), images);
    const kept = await read((await storage.get(stored.key)).stream);
    const meta = await sharp(kept).metadata();
    // turned upright by its EXIF orientation, and the EXIF itself is gone
    expect([meta.format, meta.width, meta.height, meta.orientation, meta.exif]).toEqual(['jpeg', 20, 40, undefined, undefined]);
    expect(stored.size).toBe(kept.length);

    const badChecksum = await corruptPngChecksum();
    for (const broken of [badChecksum, PNG, photo.subarray(0, photo.length - 200)]) {
      await expect(storage.put(Readable.from([broken]), images)).rejects.toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'not a readable image',
      });
    }
    expect(await storage.list('public/contract/images')).toEqual([stored.key]);
    expect(await storage.removeStaleTemp(new Date(Date.now() + 60_000))).toBe(0);
  });

  it('stores server-made buffers under a chosen key and lists a folder in name order', async () => {
    await storage.putBuffer(PNG, 'public/contract/list/b.png');
    await storage.putBuffer(PNG, 'public/contract/list/a.png');
    await storage.putBuffer(PDF, 'public/contract/list/deeper/c.pdf');
    expect(await storage.list('public/contract/list')).toEqual(['public/contract/list/a.png', 'public/contract/list/b.png']);
    expect(await read((await storage.get('public/contract/list/a.png')).stream)).toEqual(PNG);
  });

  it('refuses malformed keys as missing files', async () => {
    for (const key of ['../secrets.json', 'private/../x.pdf', 'other/a.pdf', 'private/A.PDF']) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(AppError);
    }
  });

  it('gives API links: public keys open, private ones signed, expiring and tamper-proof', () => {
    expect(storage.url('public/covers/x.jpg')).toBe('/api/files/public/covers/x.jpg');
    expect(storage.url(null)).toBeNull();
    const link = new URL(storage.url('private/book-pdfs/x.pdf', 60_000)!, 'https://jsbn.test');
    const expires = link.searchParams.get('expires')!;
    const signature = link.searchParams.get('signature')!;
    expect(storage.verify('private/book-pdfs/x.pdf', expires, signature)).toBe(true);
    // altered signature, altered expiry, another key, no signature
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(storage.verify('private/book-pdfs/x.pdf', expires, flipped)).toBe(false);
    expect(storage.verify('private/book-pdfs/x.pdf', String(Number(expires) + 3_600_000), signature)).toBe(false);
    expect(storage.verify('private/book-pdfs/y.pdf', expires, signature)).toBe(false);
    expect(storage.verify('private/book-pdfs/x.pdf', expires, undefined)).toBe(false);
    // expired: a link made with a lifetime already over
    const old = new URL(storage.url('private/book-pdfs/x.pdf', -1)!, 'https://jsbn.test');
    expect(storage.verify('private/book-pdfs/x.pdf', old.searchParams.get('expires')!, old.searchParams.get('signature')!)).toBe(false);
  });

  it('is ready when its store is reachable', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  if (kind === 'local') {
    it('has no direct URLs: uploads and downloads go through the API', async () => {
      expect(await storage.presignPut('private/x/a.pdf', { contentType: 'application/pdf', contentLength: 10, ttlSeconds: 60 })).toBeNull();
      expect(await storage.presignGet('private/x/a.pdf')).toBeNull();
    });
  } else {
    it('presigns a PUT for the declared length and type, and a short-lived GET', async () => {
      const key = 'private/contract/direct/a.pdf';
      const put = await storage.presignPut(key, { contentType: 'application/pdf', contentLength: PDF.length, ttlSeconds: 900 });
      const signed = new URL(put!);
      expect(signed.searchParams.get('X-Amz-Expires')).toBe('900');
      expect(signed.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(
        expect.arrayContaining(['content-length', 'content-type', 'host']),
      );
      expect(signed.searchParams.has('x-amz-checksum-crc32')).toBe(false);
      const uploaded = await fetch(put!, { method: 'PUT', body: new Uint8Array(PDF), headers: { 'content-type': 'application/pdf' } });
      expect(uploaded.status).toBe(200);
      const get = await storage.presignGet(key);
      expect(new URL(get!).searchParams.get('X-Amz-Expires')).toBe('60');
      const downloaded = await fetch(get!);
      expect(downloaded.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(PDF);
    });

    it('is not ready when the server cannot be reached', async () => {
      const unreachable = new S3Storage({
        endpoint: 'http://127.0.0.1:9',
        bucket: 'jsbn-test',
        region: 'us-east-1',
        accessKeyId: 'x',
        secretAccessKey: 'x',
        forcePathStyle: true,
        getTtlSeconds: 60,
        tmpDir: tmpdir(),
        signingSecret: SECRET,
      });
      await expect(unreachable.check()).rejects.toThrow();
      unreachable.close();
    });
  }
});

describe('spoolChecked', () => {
  it('leaves no file behind when the first chunk is already over the limit (refused before the file is open)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jsbn-spool-'));
    dirs.push(dir);
    // the refusal races the opening of the file; one in a few dozen lost the race before the fix
    const paths = Array.from({ length: 300 }, (_, index) => join(dir, `folder-${index}`, 'upload'));
    for (const path of paths) {
      await expect(spoolChecked(Readable.from([Buffer.alloc(2048)]), path, rule())).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
    // no file-system request is still under way (an open that lost the race would be one)
    await vi.waitFor(() => expect(process.getActiveResourcesInfo().filter((name) => name.startsWith('FSReq'))).toEqual([]));
    expect(paths.filter((path) => existsSync(path))).toEqual([]);
  });
});

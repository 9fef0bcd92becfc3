/**
 * File storage (DESIGN §6): local disk under DATA_DIR/files with HMAC-signed, expiring GET
 * URLs served by the API. Files are streamed in and out, never held whole in memory.
 * Keys under `public/` (covers, logos) are served without a signature.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './errors.js';

/** Content types recognised by their first bytes. */
export type DetectedType = 'image/jpeg' | 'image/png' | 'application/pdf';

/** Reads the type of a file from its magic bytes; null when it is none of JPEG, PNG, PDF. */
export function detectType(head: Buffer): DetectedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export const EXTENSION: Record<DetectedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

export interface StoredFile {
  key: string;
  size: number;
  type: DetectedType | null;
}

const KEY = /^(public|private)\/[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

export class LocalStorage {
  private readonly root: string;

  constructor(
    root: string,
    private readonly signingSecret: string,
  ) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new AppError('NOT_FOUND', 'File not found');
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new AppError('NOT_FOUND', 'File not found');
    return path;
  }

  /**
   * Streams `source` into storage under a new key `<visibility>/<folder>/<uuid>.<ext>`.
   * Writes to a temporary file first, so a failed or oversized upload leaves nothing behind.
   * @param maxBytes refuse (413 `tooLargeMessage`) when the stream passes this many bytes
   * @param allowed  content types accepted by magic bytes; anything else is 415 `typeMessage`
   */
  async put(
    source: Readable,
    options: {
      visibility: 'public' | 'private';
      folder: string;
      maxBytes: number;
      allowed: readonly DetectedType[];
      tooLargeMessage: string;
      typeMessage: string;
    },
  ): Promise<StoredFile> {
    const tmp = join(this.root, 'tmp', randomUUID());
    await mkdir(dirname(tmp), { recursive: true });
    let size = 0;
    let head = Buffer.alloc(0);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (head.length < 8) head = Buffer.concat([head, chunk.subarray(0, 8 - head.length)]);
        if (size > options.maxBytes) return callback(new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage));
        callback(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(tmp));
      const type = detectType(head);
      if (!type || !options.allowed.includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', options.typeMessage);
      const key = `${options.visibility}/${options.folder}/${randomUUID()}.${EXTENSION[type]}`;
      const path = this.pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await rename(tmp, path);
      return { key, size, type };
    } catch (error) {
      source.resume();
      await rm(tmp, { force: true });
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
      }
      throw error;
    }
  }

  /** Stores a buffer made by the server itself (QR JPEGs, generated PDFs). */
  async putBuffer(buffer: Buffer, key: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const handle = await open(path, 'w');
    try {
      await handle.writeFile(buffer);
    } finally {
      await handle.close();
    }
  }

  /** A read stream of `key` and its size in bytes. @throws AppError NOT_FOUND */
  async get(key: string): Promise<{ stream: Readable; size: number }> {
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new AppError('NOT_FOUND', 'File not found');
    return { stream: createReadStream(path), size: info.size };
  }

  /** Keys of the files directly inside `folder` (e.g. `public/gallery`), sorted by name. */
  async list(folder: string): Promise<string[]> {
    const path = resolve(this.root, folder);
    if (!path.startsWith(this.root + sep)) return [];
    const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile() && KEY.test(`${folder}/${entry.name}`))
      .map((entry) => `${folder}/${entry.name}`)
      .sort();
  }

  /** Deletes `key`; deleting a missing file is not an error. */
  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private signature(key: string, expires: number): string {
    return createHmac('sha256', this.signingSecret).update(`${key}\n${expires}`).digest('base64url');
  }

  /**
   * The URL a browser uses to read `key`: `/api/files/<key>` for public keys, with
   * `?expires=<unix ms>&signature=<hmac>` added for private ones (valid `ttlMs`).
   */
  url(key: string | null | undefined, ttlMs = 15 * 60_000): string | null {
    if (!key) return null;
    if (key.startsWith('public/')) return `/api/files/${key}`;
    const expires = Date.now() + ttlMs;
    return `/api/files/${key}?expires=${expires}&signature=${this.signature(key, expires)}`;
  }

  /** True when a private key's `expires`/`signature` pair is genuine and not expired. */
  verify(key: string, expires: string | undefined, signature: string | undefined): boolean {
    if (key.startsWith('public/')) return true;
    const at = Number(expires);
    if (!signature || !Number.isFinite(at) || at < Date.now()) return false;
    const expected = Buffer.from(this.signature(key, at));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

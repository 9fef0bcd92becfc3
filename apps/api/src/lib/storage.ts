/**
 * File storage (decision 006) behind one interface, `Storage`, used through `ctx.storage`:
 * - `LocalStorage` (default): local disk under DATA_DIR/files;
 * - `S3Storage` (lib/s3-storage.ts, when S3_BUCKET is set): an S3-compatible bucket.
 * Both stream files in and out (never whole in memory), check types by magic bytes, enforce
 * size limits, and give browsers the same API links: `/api/files/<key>` for `public/` keys and
 * `/api/files/<key>?expires=<unix ms>&signature=<HMAC>` for private ones (`LinkSigner`); with
 * S3 the files route answers such a link with a redirect to a short-lived presigned GET.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_TYPES, type FileType } from '@jsbn/shared';
import { AppError } from './errors.js';
import { UnreadableImageError, reencodeImageFile } from './images.js';

/** Content types recognised by their first bytes: the types of the shared `FILE_TYPES`. */
export type DetectedType = FileType;

/** Reads the type of a file from its magic bytes; null when it is none of JPEG, PNG, PDF. */
export function detectType(head: Buffer): DetectedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** The extension (without the dot) a stored file of each type gets: 'jpg', 'png', 'pdf'. */
export const EXTENSION = Object.fromEntries(
  Object.entries(FILE_TYPES).map(([type, { extensions }]) => [type, extensions[0]!.slice(1)]),
) as Record<DetectedType, string>;

/** Content type of each stored extension (the reverse of `EXTENSION`). */
export const TYPE_OF_EXTENSION: Record<string, DetectedType> = Object.fromEntries(
  Object.entries(EXTENSION).map(([type, extension]) => [extension, type as DetectedType]),
);

export interface StoredFile {
  key: string;
  /** Bytes. */
  size: number;
  type: DetectedType | null;
}

/** What `put` accepts: where the file goes, which types its bytes may be, how big it may be. */
export interface PutRule {
  visibility: 'public' | 'private';
  folder: string;
  /** Refuse (413 `tooLargeMessage`) when the stream passes this many bytes. */
  maxBytes: number;
  /** Content types accepted by magic bytes; anything else is 415 `typeMessage`. */
  allowed: readonly DetectedType[];
  /** Every image accepted is encoded again as this type (a PNG cover stored as a JPEG); absent: as its own type. */
  storeAs?: DetectedType;
  tooLargeMessage: string;
  typeMessage: string;
  /** 415 for a JPEG/PNG whose bytes do not decode as an image (lib/images.ts). */
  unreadableMessage: string;
}

/** Size and first bytes of a stored object (enough for `detectType`). */
export interface ObjectInfo {
  /** Bytes. */
  size: number;
  /** The first `HEAD_BYTES` bytes (fewer when the object is shorter). */
  head: Buffer;
}

/** How many leading bytes `inspect` reads for the magic-byte check. */
export const HEAD_BYTES = 8;
/**
 * Bytes an upload's streams hold before they make the sender wait (1 MiB; Node's default is
 * 16 KiB). Fewer, larger writes: a 200 MB PDF is received 28 % faster for 3 MiB of memory
 * (measured against the same chain with the defaults).
 */
export const SPOOL_BUFFER_BYTES = 1024 * 1024;

/**
 * How a stored file is handed to a browser (decision 007): images inline (pages show them), any
 * other file (PDFs) as `attachment`, so it is saved rather than run in the site's origin. No
 * filename: the page's `download` attribute names it (the catalogue is `<publisher_no>.pdf`,
 * docs/api.md), else the key's last part, which the server made — never a user's name.
 */
export function contentDispositionOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return TYPE_OF_EXTENSION[extension]?.startsWith('image/') ? 'inline' : 'attachment';
}

/**
 * The policy of a stored file shown on its own: no scripts, no plugins, no requests, a unique
 * origin — a file that smuggles HTML or SVG cannot act on the site.
 */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Valid storage keys: `public|private/<folder…>/<name>.<ext>`, lower case, no `..`. */
export const KEY = /^(public|private)\/[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/** True when `key` is a well-formed storage key. */
export const isValidKey = (key: string) => KEY.test(key) && !key.includes('..');

/**
 * The one storage interface (`ctx.storage`). Keys are made by `put` or chosen by the server
 * (`putBuffer`, `presignPut`); every method refuses malformed keys with 404.
 */
export interface Storage {
  /** Which driver this is. */
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` in under a new key `<visibility>/<folder>/<uuid>.<ext>`; nothing is left
   * behind when it fails.
   * @throws AppError 413 over `rule.maxBytes`, 415 bytes not one of `rule.allowed`
   */
  put(source: Readable, rule: PutRule): Promise<StoredFile>;
  /** Stores a buffer made by the server itself (QR JPEGs, generated PDFs) under `key`. */
  putBuffer(buffer: Buffer, key: string): Promise<void>;
  /** A read stream of `key` and its size in bytes. @throws AppError NOT_FOUND */
  get(key: string): Promise<{ stream: Readable; size: number }>;
  /** Size and first bytes of `key`, or null when it does not exist. */
  inspect(key: string): Promise<ObjectInfo | null>;
  /** Keys of the files directly inside `folder` (e.g. `public/gallery`), sorted by name. */
  list(folder: string): Promise<string[]>;
  /** Deletes `key`; deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The API link of `key` (see `LinkSigner.url`); null for a null key. */
  url(key: string | null | undefined, ttlMs?: number): string | null;
  /** True when a private key's `expires`/`signature` pair is genuine and not expired. */
  verify(key: string, expires: string | undefined, signature: string | undefined): boolean;
  /**
   * A URL the browser can PUT `key` to directly, signed for `contentType` and, when given, for
   * exactly `contentLength` bytes, valid `ttlSeconds`; null when uploads go through the API (local disk).
   */
  presignPut(key: string, options: { contentType: string; contentLength?: number; ttlSeconds: number }): Promise<string | null>;
  /** A short-lived URL that reads `key` directly (S3 presigned GET); null when the API streams it (local disk). */
  presignGet(key: string): Promise<string | null>;
  /** Resolves when the storage can be read and written; rejects otherwise (readiness). */
  check(): Promise<void>;
  /** Removes temporary files of interrupted uploads last changed before `cutoff`. @returns how many */
  removeStaleTemp(cutoff: Date): Promise<number>;
  /** Releases connections (S3 clients); the storage is not used afterwards. */
  close(): void;
}

/**
 * HMAC-signed, expiring API links to stored files (`FILE_SIGNING_SECRET`), shared by both
 * drivers so a link made by one API copy is honoured by every other.
 */
export class LinkSigner {
  /** What every expiring link this signer makes contains (a page holding one must be made again before it expires). */
  static readonly EXPIRING_MARK = '&signature=';

  /** @param secret FILE_SIGNING_SECRET */
  constructor(private readonly secret: string) {}

  private signature(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
  }

  /**
   * The URL a browser uses to read `key`: `/api/files/<key>` for public keys, with
   * `?expires=<unix ms>&signature=<hmac>` added for private ones (valid `ttlMs` milliseconds).
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

/**
 * Streams `source` into the file `path` while counting bytes and keeping the first ones; an
 * image (JPEG, PNG) is then decoded and encoded again (lib/images.ts), as `rule.storeAs` when set.
 * @returns the size in bytes (of the re-encoded image) and the type stored
 * @throws AppError 413 past `rule.maxBytes`, 415 when the bytes are not one of `rule.allowed`
 *   or an image does not decode; the file at `path` is removed on any failure
 */
export async function spoolChecked(source: Readable, path: string, rule: PutRule): Promise<{ size: number; type: DetectedType }> {
  await mkdir(dirname(path), { recursive: true });
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    highWaterMark: SPOOL_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      if (size > rule.maxBytes) return callback(new AppError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage));
      callback(null, chunk);
    },
  });
  // flushed to the disk before it closes: a file the API said it stored survives a power cut
  const sink = createWriteStream(path, { flush: true, highWaterMark: SPOOL_BUFFER_BYTES });
  try {
    await pipeline(source, counter, sink);
    const type = detectType(head);
    if (!type || !rule.allowed.includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.typeMessage);
    if (type === 'application/pdf') return { size, type };
    const stored = rule.storeAs === 'image/jpeg' || rule.storeAs === 'image/png' ? rule.storeAs : type;
    return { size: await reencodeImageFile(path, stored), type: stored };
  } catch (caught) {
    const error = caught instanceof UnreadableImageError ? new AppError('UNSUPPORTED_MEDIA_TYPE', rule.unreadableMessage) : caught;
    source.resume();
    // pipeline() settles before a destroyed sink has finished opening the file: removing it
    // before then would leave an empty file behind once the open completes
    if (!sink.closed) await new Promise<void>((closed) => sink.once('close', () => closed()));
    await rm(path, { force: true });
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage);
    throw error;
  }
}

/** Removes files directly in `folder` last modified before `cutoff`. @returns how many */
export async function removeOldFiles(folder: string, cutoff: Date): Promise<number> {
  let removed = 0;
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const info = await stat(join(folder, name)).catch(() => null);
    if (info?.isFile() && info.mtimeMs < cutoff.getTime()) {
      await rm(join(folder, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/** Local-disk storage under one root folder (the default driver). */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly links: LinkSigner;

  /**
   * @param root          folder of the files (DATA_DIR/files); created on first write
   * @param signingSecret FILE_SIGNING_SECRET for the API links
   */
  constructor(root: string, signingSecret: string) {
    this.root = resolve(root);
    this.links = new LinkSigner(signingSecret);
  }

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new AppError('NOT_FOUND', 'File not found');
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new AppError('NOT_FOUND', 'File not found');
    return path;
  }

  /**
   * Streams `source` into storage under a new key `<visibility>/<folder>/<uuid>.<ext>`.
   * Writes to a temporary file first, so a failed or oversized upload leaves nothing behind.
   * @throws AppError 413 past `rule.maxBytes`, 415 bytes not one of `rule.allowed`
   */
  async put(source: Readable, rule: PutRule): Promise<StoredFile> {
    const tmp = join(this.root, 'tmp', randomUUID());
    const { size, type } = await spoolChecked(source, tmp, rule);
    try {
      const key = `${rule.visibility}/${rule.folder}/${randomUUID()}.${EXTENSION[type]}`;
      const path = this.pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await rename(tmp, path);
      return { key, size, type };
    } catch (error) {
      await rm(tmp, { force: true });
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

  /** Size and first bytes of `key`, or null when it does not exist. */
  async inspect(key: string): Promise<ObjectInfo | null> {
    const path = this.pathOf(key);
    const handle = await open(path, 'r').catch(() => null);
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
      await handle.read(head, 0, head.length, 0);
      return { size, head };
    } finally {
      await handle.close();
    }
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

  /** The API link of `key` (see `LinkSigner.url`). */
  url(key: string | null | undefined, ttlMs?: number): string | null {
    return this.links.url(key, ttlMs);
  }

  /** True when a private key's `expires`/`signature` pair is genuine and not expired. */
  verify(key: string, expires: string | undefined, signature: string | undefined): boolean {
    return this.links.verify(key, expires, signature);
  }

  /** Local uploads go through the API (PUT /api/files/upload/<token>): always null. */
  async presignPut(): Promise<string | null> {
    return null;
  }

  /** Local files are streamed by the API: always null. */
  async presignGet(): Promise<string | null> {
    return null;
  }

  /** Checks that the root folder exists (creating it) and is writable. */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  /** Removes temporary files of interrupted uploads older than `cutoff`. @returns how many */
  async removeStaleTemp(cutoff: Date): Promise<number> {
    return removeOldFiles(join(this.root, 'tmp'), cutoff);
  }

  /** Nothing to release for local disk. */
  close(): void {}
}

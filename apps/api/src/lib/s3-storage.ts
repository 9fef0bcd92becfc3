/**
 * The S3-compatible storage driver (decision 006; AWS S3, MinIO, …) behind the `Storage`
 * interface. Browsers upload by presigned PUT (signed for the declared length and type) and
 * download by presigned GET with a short expiry; the API links of `LinkSigner` stay the links
 * the API hands out, and the files route redirects them to a presigned GET.
 * Uploads through the API (multipart forms) are spooled to a temporary file while their size
 * and magic bytes are checked, then streamed to the bucket — never held whole in memory.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from './errors.js';
import {
  EXTENSION,
  HEAD_BYTES,
  LinkSigner,
  TYPE_OF_EXTENSION,
  contentDispositionOf,
  isValidKey,
  removeOldFiles,
  spoolChecked,
  type ObjectInfo,
  type PutRule,
  type Storage,
  type StoredFile,
} from './storage.js';

export interface S3Options {
  /** Endpoint of an S3-compatible server (MinIO …); undefined → AWS for `region`. */
  endpoint?: string;
  /** Endpoint written into presigned URLs (what browsers reach); defaults to `endpoint`. */
  publicEndpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
  /** Lifetime of presigned GET URLs, seconds. */
  getTtlSeconds: number;
  /** Folder for temporary files while an upload through the API is checked. */
  tmpDir: string;
  /** FILE_SIGNING_SECRET for the API links. */
  signingSecret: string;
}

const notFound = () => new AppError('NOT_FOUND', 'File not found');

/** True for the SDK's "no such object" answers. */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
}

const contentTypeOf = (key: string) => TYPE_OF_EXTENSION[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Storage in one S3 bucket. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  /** Signs URLs with the public endpoint (the host is part of the signature). */
  private readonly presigner: S3Client;
  private readonly links: LinkSigner;

  /** @param options see `S3Options`; nothing is contacted until the first call */
  constructor(private readonly options: S3Options) {
    const base: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // no checksum of an empty body in presigned PUTs (S3/MinIO would refuse the real body)
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    };
    this.client = new S3Client({ ...base, ...(options.endpoint ? { endpoint: options.endpoint } : {}) });
    const publicEndpoint = options.publicEndpoint ?? options.endpoint;
    this.presigner = new S3Client({ ...base, ...(publicEndpoint ? { endpoint: publicEndpoint } : {}) });
    this.links = new LinkSigner(options.signingSecret);
  }

  private checked(key: string): string {
    if (!isValidKey(key)) throw notFound();
    return key;
  }

  /**
   * Spools `source` to a temporary file (checking size and magic bytes), then streams it to
   * the bucket under `<visibility>/<folder>/<uuid>.<ext>`.
   * @throws AppError 413 past `rule.maxBytes`, 415 bytes not one of `rule.allowed`
   */
  async put(source: Readable, rule: PutRule): Promise<StoredFile> {
    const tmp = join(this.options.tmpDir, randomUUID());
    const { size, type } = await spoolChecked(source, tmp, rule);
    try {
      const key = `${rule.visibility}/${rule.folder}/${randomUUID()}.${EXTENSION[type]}`;
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Body: createReadStream(tmp),
          ContentLength: size,
          ContentType: type,
        }),
      );
      return { key, size, type };
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /** Stores a buffer made by the server (QR JPEGs, generated PDFs) under `key`. */
  async putBuffer(buffer: Buffer, key: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.checked(key),
        Body: buffer,
        ContentLength: buffer.length,
        ContentType: contentTypeOf(key),
      }),
    );
  }

  /** A read stream of `key` and its size in bytes. @throws AppError NOT_FOUND */
  async get(key: string): Promise<{ stream: Readable; size: number }> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key) }));
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) throw notFound();
      throw error;
    }
  }

  /** Size (HeadObject) and first bytes (a ranged GetObject) of `key`; null when it does not exist. */
  async inspect(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key) }));
      const size = head.ContentLength ?? 0;
      if (size === 0) return { size, head: Buffer.alloc(0) };
      const part = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: key, Range: `bytes=0-${Math.min(HEAD_BYTES, size) - 1}` }),
      );
      const bytes = Buffer.from(await part.Body!.transformToByteArray());
      return { size, head: bytes.subarray(0, HEAD_BYTES) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Keys of the objects directly inside `folder`, sorted by name. */
  async list(folder: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: `${folder}/`, Delimiter: '/', ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key && isValidKey(item.Key)) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** Deletes `key`; deleting a missing object is not an error. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key) }));
  }

  /** The API link of `key` (see `LinkSigner.url`); the files route redirects it to `presignGet`. */
  url(key: string | null | undefined, ttlMs?: number): string | null {
    return this.links.url(key, ttlMs);
  }

  /** True when a private key's `expires`/`signature` pair is genuine and not expired. */
  verify(key: string, expires: string | undefined, signature: string | undefined): boolean {
    return this.links.verify(key, expires, signature);
  }

  /**
   * A presigned PUT for `key`, signed for exactly `contentLength` bytes with the header
   * `Content-Type: contentType`, valid `ttlSeconds`.
   */
  async presignPut(key: string, options: { contentType: string; contentLength?: number; ttlSeconds: number }): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: this.checked(key),
      ContentType: options.contentType,
      ContentLength: options.contentLength,
    });
    // signed for the announced length when there is one; without, the size is checked at finalise
    const signed = options.contentLength === undefined ? ['content-type'] : ['content-type', 'content-length'];
    return getSignedUrl(this.presigner, command, { expiresIn: options.ttlSeconds, signableHeaders: new Set(signed) });
  }

  /** A presigned GET of `key`, valid `getTtlSeconds`, answering with the type of its extension. */
  async presignGet(key: string): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: this.checked(key),
      ResponseContentType: contentTypeOf(key),
      ResponseContentDisposition: contentDispositionOf(key),
    });
    return getSignedUrl(this.presigner, command, { expiresIn: this.options.getTtlSeconds });
  }

  /** HeadBucket: resolves when the bucket is reachable with these credentials. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
  }

  /** Removes temporary files of interrupted uploads older than `cutoff`. @returns how many */
  async removeStaleTemp(cutoff: Date): Promise<number> {
    return removeOldFiles(this.options.tmpDir, cutoff);
  }

  /** Closes the HTTP connections of the SDK clients. */
  close(): void {
    this.client.destroy();
    this.presigner.destroy();
  }
}

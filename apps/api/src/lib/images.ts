/**
 * Images that enter the system: every JPEG or PNG that is stored — logos, covers,
 * book images, dispatch proofs, gallery images — is decoded and encoded again with `sharp`,
 * so what is kept is an image every reader of it (browsers, pdfkit's PNG decoder) can decode.
 * A file whose magic bytes say JPEG/PNG but that does not decode (a PNG with a bad zlib
 * checksum, a JPEG cut short) is refused. The same decoding guards documents against images
 * stored before this check existed (`imageForDocument`).
 */
import { rename, rm } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import sharp from 'sharp';

/** Largest image accepted, in pixels (width × height): 50 megapixels, far above any phone photo. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The image types the storage keeps. */
export type ImageType = 'image/jpeg' | 'image/png';

/** Thrown when a file does not decode as the image its bytes claim to be. */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`image does not decode: ${(cause as Error)?.message ?? cause}`, { cause });
    this.name = 'UnreadableImageError';
  }
}

/** A sharp pipeline reading `input` strictly: libvips errors fail it, pixel bombs are refused. */
const strict = (input: string | Buffer) => sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });

/**
 * Decodes the image file at `path` (JPEG or PNG) and replaces it with the same image encoded
 * again as `type` (a PNG may become a JPEG): EXIF orientation applied, metadata (GPS, camera) dropped.
 * @returns the size of the new file in bytes
 * @throws UnreadableImageError when the file does not decode (the file is left as it was)
 */
export async function reencodeImageFile(path: string, type: ImageType): Promise<number> {
  const output = `${path}.reencoded`;
  try {
    const info = await encodedAgain(path, type).toFile(output);
    await rename(output, path);
    return info.size;
  } catch (error) {
    await rm(output, { force: true });
    throw new UnreadableImageError(error);
  }
}

/**
 * `bytes` decoded and encoded again as `type` (as `reencodeImageFile`, for an image already in
 * memory: an object a browser PUT straight to the bucket).
 * @throws UnreadableImageError when the bytes do not decode
 */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<Buffer> {
  try {
    return await encodedAgain(bytes, type).toBuffer();
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}

/**
 * The pipeline both re-encoders run: strict decode, EXIF orientation applied, metadata dropped.
 * A JPEG has no transparency: a PNG stored as a JPEG is laid on white (paper), not on black.
 */
function encodedAgain(input: string | Buffer, type: ImageType) {
  const pipeline = strict(input).rotate();
  return type === 'image/jpeg' ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 90 }) : pipeline.png();
}

/** What `imageForDocument` reads from: the files' storage (`lib/storage.ts`), which itself uses this module. */
type ImageSource = { get(key: string): Promise<{ stream: Readable }> };

/**
 * The stored image `key` made ready for a PDF or a link preview: decoded strictly, at most `maxWidth` px wide,
 * laid on white (paper) and encoded as a JPEG that pdfkit always reads. Null when there is no
 * key, the file is missing or it does not decode — a document leaves such an image out
 * instead of failing (images stored before every upload was decoded may be damaged).
 * @param maxWidth px; smaller images are not enlarged
 */
export async function imageForDocument(storage: ImageSource, key: string | null, maxWidth: number): Promise<Buffer | null> {
  if (!key) return null;
  try {
    const bytes = await buffer((await storage.get(key)).stream);
    return await strict(bytes)
      .resize({ width: maxWidth, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}

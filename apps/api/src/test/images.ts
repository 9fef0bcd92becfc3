/**
 * Broken images for tests: files whose magic bytes are right but that do not decode.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * A PNG with transparency whose zlib stream has a wrong Adler-32 checksum while every chunk
 * CRC is right: it passes a magic-byte check, and pdfkit — which must inflate a PNG with alpha
 * to split the channels — throws 'incorrect data check' from inside zlib's callback, which
 * used to end the whole process.
 */
export async function corruptPngChecksum(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 230, g: 81, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer(),
  );
  const idat = png.indexOf('IDAT');
  const length = png.readUInt32BE(idat - 4);
  const dataEnd = idat + 4 + length;
  png[dataEnd - 1]! ^= 0xff; // the last byte of the zlib data: the Adler-32 checksum
  png.writeUInt32BE(crc32(png.subarray(idat, dataEnd)), dataEnd);
  return png;
}

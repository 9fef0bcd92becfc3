/**
 * A barcode reader for the camera's frames (decision 075): the browser's own `BarcodeDetector`
 * where it reads the formats asked for (Android's Chrome, macOS), else the `barcode-detector`
 * ponyfill — ZXing compiled to WebAssembly — loaded only then, its `.wasm` served by this site
 * (a file of the build, `?url`), never fetched from a CDN.
 */
import type { BarcodeDetector as PonyfillDetector, BarcodeFormat } from 'barcode-detector/ponyfill';

/** What a reader finds in a frame: each code's text, as the standard's `DetectedBarcode.rawValue`. */
export interface BarcodeReader {
  detect(source: HTMLVideoElement | HTMLCanvasElement): Promise<{ rawValue: string; format: string }[]>;
}

/** The formats a back cover carries: the JSBN's QR code (its `/jsbn/…` address) and an ISBN-13's EAN-13 bars. */
export const BOOK_FORMATS: BarcodeFormat[] = ['qr_code', 'ean_13'];

type DetectorClass = new (options: { formats: BarcodeFormat[] }) => BarcodeReader;
type NativeDetector = DetectorClass & { getSupportedFormats(): Promise<string[]> };

/** The browser's own detector class, when it has one that reads every format of `formats`. */
async function nativeDetector(formats: BarcodeFormat[]): Promise<DetectorClass | null> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (!native) return null;
  try {
    const supported = await native.getSupportedFormats();
    return formats.every((format) => supported.includes(format)) ? native : null;
  } catch {
    return null;
  }
}

/** The ponyfill's class, its WebAssembly from this site, fetched and compiled before the first frame is read. */
async function ponyfillDetector(): Promise<typeof PonyfillDetector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return BarcodeDetector;
}

/** Whether the browser's detector really reads (Chromium on a desktop without the platform's barcode service names formats but reads none). */
async function nativeReads(reader: BarcodeReader): Promise<boolean> {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 8;
  try {
    await reader.detect(canvas);
    return true;
  } catch (error) {
    return !(error instanceof DOMException && error.name === 'NotSupportedError');
  }
}

/**
 * A reader of `formats`, ready to read at once: the browser's own detector when it reads them,
 * else ZXing's, its WebAssembly already compiled (so a scan's time is the frame's, not the
 * reader's start).
 * @returns the reader, for `detect(video)`
 */
export async function createBarcodeReader(formats: BarcodeFormat[] = BOOK_FORMATS): Promise<BarcodeReader> {
  const Native = await nativeDetector(formats);
  if (Native) {
    const reader = new Native({ formats });
    if (await nativeReads(reader)) return reader;
  }
  return new (await ponyfillDetector())({ formats });
}

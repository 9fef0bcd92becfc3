/**
 * A barcode reader for the camera's frames (decision 075): the browser's own `BarcodeDetector`
 * where it reads the formats asked for (Android's Chrome, macOS), else the `barcode-detector`
 * ponyfill — ZXing compiled to WebAssembly — loaded only then, its `.wasm` served by this site
 * (a file of the build, `?url`), never fetched from a CDN. The ponyfill reads in a Web Worker
 * (`barcode-worker.ts`, decision 080): each frame is taken as an `ImageBitmap`, at most
 * `FRAME_MAX_PX` on its longer side (`frame-size.ts`), and handed over, so the page's thread stays free to show
 * the scanned book.
 */
import type { BarcodeFormat } from 'barcode-detector/ponyfill';
import type { FrameReply, FrameRequest } from './barcode-worker';
import { frameSize } from './frame-size';

/** What a reader finds in a frame: each code's text, as the standard's `DetectedBarcode.rawValue`. */
export interface BarcodeReader {
  detect(source: HTMLVideoElement | HTMLCanvasElement): Promise<{ rawValue: string; format: string }[]>;
  /** Ends the reader's worker, if it has one. */
  close?(): void;
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

/** ZXing in a Web Worker: a frame is taken as an `ImageBitmap` and handed over; the answer is awaited. */
class WorkerReader implements BarcodeReader {
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (codes: { rawValue: string; format: string }[]) => void; reject: (error: Error) => void }
  >();

  constructor(
    private readonly worker: Worker,
    private readonly formats: BarcodeFormat[],
  ) {
    worker.onmessage = (event: MessageEvent<FrameReply>) => {
      const reply = event.data;
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply.codes);
    };
  }

  /** The worker's answer to `request`, its frame handed over. */
  private ask(request: Omit<FrameRequest, 'id'>) {
    const id = ++this.next;
    return new Promise<{ rawValue: string; format: string }[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } satisfies FrameRequest, request.frame ? [request.frame] : []);
    });
  }

  /** Resolves once the worker's WebAssembly is compiled and its reader made. */
  ready() {
    return this.ask({ formats: this.formats });
  }

  async detect(source: HTMLVideoElement | HTMLCanvasElement) {
    const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
    const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
    const size = frameSize(width, height);
    const frame = await (size ? createImageBitmap(source, { ...size, resizeQuality: 'medium' }) : createImageBitmap(source));
    return this.ask({ formats: this.formats, frame });
  }

  close() {
    this.worker.terminate();
    for (const waiter of this.waiting.values()) waiter.reject(new Error('The reader was closed'));
    this.waiting.clear();
  }
}

/** ZXing's reader in a worker of its own, its WebAssembly fetched and compiled before the first frame is read. */
async function workerReader(formats: BarcodeFormat[]): Promise<BarcodeReader> {
  const { default: BarcodeWorker } = await import('./barcode-worker?worker');
  const reader = new WorkerReader(new BarcodeWorker(), formats);
  await reader.ready();
  return reader;
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
 * else ZXing's in a Web Worker, its WebAssembly already compiled (so a scan's time is the
 * frame's, not the reader's start). Started as the scanner opens, beside the camera.
 * @returns the reader, for `detect(video)`
 */
export async function createBarcodeReader(formats: BarcodeFormat[] = BOOK_FORMATS): Promise<BarcodeReader> {
  const Native = await nativeDetector(formats);
  if (Native) {
    const reader = new Native({ formats });
    if (await nativeReads(reader)) return reader;
  }
  return workerReader(formats);
}

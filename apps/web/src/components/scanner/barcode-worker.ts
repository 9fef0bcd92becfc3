/**
 * The camera's frames read off the page's thread (decision 080): ZXing in WebAssembly (the
 * `barcode-detector` ponyfill, its `.wasm` a file of this site) in a Web Worker. Its
 * WebAssembly is fetched and compiled as the worker starts. A message `{ id, formats, frame? }`
 * — `frame` an `ImageBitmap` handed over (transferred) — is answered `{ id, codes }`, the codes
 * read in it (none for a message without a frame: the answer says the reader is ready), or
 * `{ id, error }`; the frame is closed once read.
 */
import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the page sends: the formats to read and, but for the first message, a frame. */
export interface FrameRequest {
  id: number;
  formats: BarcodeFormat[];
  frame?: ImageBitmap;
}

/** What the worker answers. */
export type FrameReply = { id: number; codes: { rawValue: string; format: string }[] } | { id: number; error: string };

const ready = prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  fireImmediately: true,
});

let detector: { formats: string; reader: BarcodeDetector } | null = null;

/** The worker's own scope, as far as it is used here (the app's types are the page's, not a worker's). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<FrameRequest>) => void) | null;
  postMessage(message: FrameReply): void;
};

/** Reads one request's frame and answers it. */
async function read({ id, formats, frame }: FrameRequest): Promise<void> {
  try {
    await ready;
    const key = formats.join(',');
    if (detector?.formats !== key) detector = { formats: key, reader: new BarcodeDetector({ formats }) };
    const found = frame ? await detector.reader.detect(frame) : [];
    scope.postMessage({ id, codes: found.map(({ rawValue, format }) => ({ rawValue, format })) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    frame?.close();
  }
}

scope.onmessage = (event) => void read(event.data);

import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import type { BarcodeFormat } from 'barcode-detector/ponyfill';
import { BOOK_FORMATS, createBarcodeReader, type BarcodeReader } from './barcode-reader';

/** How long (ms) a code must be out of the camera's view before it counts as a new scan. */
export const SCAN_REPEAT_MS = 3000;
/** The performance mark of the camera frame a code was read from (its `detail` is the code): a scan's time starts there. */
export const CODE_SEEN_MARK = 'jsbn:code-seen';
/** The measure of reading that frame (the detector's time). */
export const CODE_READ_MEASURE = 'jsbn:code-read';
/**
 * The pause (ms) between two frames read, and after a new code. ZXing reads in a Web Worker
 * (decision 080), so the page's thread is free; the pause keeps a phone's cores from reading
 * without rest (a code comes into view at most this long before its frame is read).
 */
const READ_GAP_MS = 40;
const AFTER_CODE_MS = 1000;
/** A scan's vibration (ms) and beep (Hz, ms). */
const VIBRATE_MS = 60;
const BEEP_HZ = 1320;
const BEEP_MS = 90;

type CameraState = 'starting' | 'scanning' | 'denied' | 'unavailable';

let audio: AudioContext | null = null;

/** A short vibration and a beep, where the phone allows them (a beep may need an earlier tap on the page). */
function feedback() {
  navigator.vibrate?.(VIBRATE_MS);
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    gain.gain.value = 0.15;
    tone.frequency.value = BEEP_HZ;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + BEEP_MS / 1000);
  } catch {
    // no sound here: the vibration and the screen tell it
  }
}

/**
 * The phone's rear camera reading codes continuously (decision 075): each code read calls
 * `onCode(code)` with its text — a JSBN QR code's `/jsbn/…` address, an ISBN-13's digits — with
 * a short vibration and beep; a code still in view, or back within `repeatMs` of when it was
 * last seen, is not a new scan. The browser's `BarcodeDetector` reads the frames where it can,
 * else ZXing in WebAssembly (`barcode-reader.ts`). Without a camera, or with it refused, it says
 * so; the page offers typing the code beside it. Reusable: the scan page, the lending desk.
 */
export function CodeScanner({
  onCode,
  formats = BOOK_FORMATS,
  repeatMs = SCAN_REPEAT_MS,
}: {
  onCode: (code: string) => void;
  formats?: BarcodeFormat[];
  repeatMs?: number;
}) {
  const { t } = useTranslation('shelves');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  // the latest callback, without restarting the camera when the page re-renders
  const latest = useRef(onCode);
  latest.current = onCode;
  // the formats as one value: a new array of the same formats does not restart the camera
  const formatList = formats.join(',');

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the last code read and when it was last in view
    let last = { code: '', seenAt: -Infinity };
    let reading: Promise<BarcodeReader> | null = null;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setState('unavailable');
      // the reader (ZXing's WebAssembly, where the browser has no detector of its own) is made
      // while the camera starts, not after it
      reading = createBarcodeReader(formatList.split(',') as BarcodeFormat[]);
      reading.catch(() => undefined);
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (!stopped) setState(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable');
        return;
      }
      const element = video.current;
      if (stopped || !element) return stream.getTracks().forEach((track) => track.stop());
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const reader = await reading;
      if (stopped) return;
      setState('scanning');
      const read = async () => {
        if (stopped) return;
        let gap = READ_GAP_MS;
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const frameAt = performance.now();
          const found = await reader.detect(element).catch(() => []);
          for (const { rawValue } of found) {
            const code = rawValue.trim();
            if (!code) continue;
            const isNew = code !== last.code || frameAt - last.seenAt > repeatMs;
            last = { code, seenAt: frameAt };
            if (!isNew || stopped) continue;
            performance.mark(CODE_SEEN_MARK, { startTime: frameAt, detail: code });
            performance.measure(CODE_READ_MEASURE, { start: frameAt, end: performance.now() });
            feedback();
            latest.current(code);
            gap = AFTER_CODE_MS;
          }
        }
        if (!stopped) timer = setTimeout(() => void read(), gap);
      };
      void read();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      void reading?.then((reader) => reader.close?.()).catch(() => undefined);
    };
  }, [formatList, repeatMs]);

  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 480,
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          borderRadius: 2,
          overflow: 'hidden',
          display: state === 'denied' || state === 'unavailable' ? 'none' : 'block',
        }}
      >
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          aria-label={t('scan.camera')}
          data-camera={state}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {state === 'starting' ? (
          <Typography sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'common.white' }}>
            {t('scan.starting')}
          </Typography>
        ) : null}
      </Box>
      {state === 'denied' || state === 'unavailable' ? (
        <Alert severity="info" sx={{ maxWidth: 480 }}>
          {t(state === 'denied' ? 'scan.denied' : 'scan.noCamera')}
        </Alert>
      ) : null}
    </Box>
  );
}

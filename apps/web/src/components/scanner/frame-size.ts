/** The size the scanner's worker reads a camera frame at (decision 080). */

/**
 * The longer side (px) of a frame the worker reads: a phone's 1280 × 720 stream is read at
 * 640 × 360, a quarter of its pixels — a back cover's codes fill the view — and a 640 × 480
 * one as it is.
 */
export const FRAME_MAX_PX = 640;

/** The size to read a `width` × `height` frame at: at most FRAME_MAX_PX on its longer side. */
export function frameSize(width: number, height: number): { resizeWidth: number; resizeHeight: number } | null {
  const scale = FRAME_MAX_PX / Math.max(width, height);
  if (!(scale < 1)) return null;
  return { resizeWidth: Math.round(width * scale), resizeHeight: Math.round(height * scale) };
}

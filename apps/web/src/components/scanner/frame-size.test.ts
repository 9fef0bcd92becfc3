/** The size a camera frame is read at in the worker (decision 080): at most 640 px on its longer side. */
import { describe, expect, it } from 'vitest';
import { FRAME_MAX_PX, frameSize } from './frame-size.js';

describe('frameSize', () => {
  it('reads a phone’s 1280 × 720 stream at half its width and height', () => {
    expect(frameSize(1280, 720)).toEqual({ resizeWidth: FRAME_MAX_PX, resizeHeight: 360 });
    expect(frameSize(720, 1280)).toEqual({ resizeWidth: 360, resizeHeight: FRAME_MAX_PX });
  });

  it('reads a frame no larger as it is, and a frame without a size yet as it is', () => {
    expect(frameSize(640, 480)).toBeNull();
    expect(frameSize(0, 0)).toBeNull();
  });
});

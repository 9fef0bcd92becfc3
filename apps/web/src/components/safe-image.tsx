import { useState, type ImgHTMLAttributes } from 'react';

/** Neutral book/picture placeholder shown when an image is missing or fails to load. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="260" viewBox="0 0 200 260"><rect width="200" height="260" fill="#f3e5df"/><rect x="55" y="70" width="90" height="120" rx="6" fill="none" stroke="#e64a19" stroke-width="6"/><line x1="75" y1="105" x2="125" y2="105" stroke="#e64a19" stroke-width="6"/><line x1="75" y1="130" x2="125" y2="130" stroke="#e64a19" stroke-width="6"/><text x="100" y="225" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#8d6e63">No image</text></svg>`,
  );

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined };

/** An <img> that falls back to the placeholder (spec §8: broken images). */
export function SafeImage({ src, alt, onError, ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_IMAGE;
  return (
    <img
      {...rest}
      alt={alt}
      src={usable}
      onError={(event) => {
        if (src) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}

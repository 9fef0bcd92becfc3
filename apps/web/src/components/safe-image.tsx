import { useState, type ImgHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { placeholderImage } from './placeholder-image';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined };

/**
 * An <img> that falls back to the placeholder (packages/shared/src/messages.ts: broken images). It carries the
 * placeholder's label as `data-no-image`: on a page the server rendered, `main.tsx` shows the
 * placeholder for an image that fails before the app is there to.
 */
export function SafeImage({ src, alt, onError, ...rest }: Props) {
  const { t } = useTranslation('common');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const noImage = t('file.noImage');
  const usable = src && src !== failedSrc ? src : placeholderImage(noImage);
  return (
    <img
      {...rest}
      alt={alt}
      src={usable}
      data-no-image={noImage}
      onError={(event) => {
        if (src) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}

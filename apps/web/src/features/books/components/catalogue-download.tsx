/**
 * 'Download catalogue' (docs/api.md 'Catalogue'): asks GET /api/book/catalog/
 * :publisher_no for the link of the publisher's catalogue PDF and saves it as
 * `<publisher_no>.pdf`. A big publisher's catalogue is made in the background: while the API
 * answers 202 with its progress, a bar and 'Making the catalogue… N% done' show below the
 * button, it asks again every 1.5 s, and the file downloads by itself when ready.
 *
 * The button (`CatalogueButton`) and the progress (`CatalogueProgress`) share one
 * `useCatalogueDownload` and are placed apart: the button among the page's other buttons, the
 * progress on a line of its own below them, as wide as they are. So the button never moves,
 * widens or changes line while the catalogue is made (at 390 and 1366 px).
 */
import { useTranslation } from 'react-i18next';
import { messageText, useMessages } from '../../../i18n';
import { useEffect, useRef, useState } from 'react';
import { Box, Button, LinearProgress, Typography, type ButtonProps, type SxProps, type Theme } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { enqueueSnackbar } from 'notistack';
import { BOOK_MSG, catalogueProgressMessage } from '@jsbn/shared/core';
import { toastError } from '../../../api/client';
import { downloadLink } from '../../../components/download';
import { getCatalogue } from '../api/books-api';

/** How often a catalogue being made is asked about again, ms. */
const POLL_MS = 1_500;

/** One catalogue download: whether it runs, its progress while the catalogue is made, and the action that starts it. */
export interface CatalogueDownloadState {
  busy: boolean;
  /** The percentage made while the API answers 202; null otherwise. */
  percent: number | null;
  download: () => void;
}

/** The download of `publisherNo`'s catalogue, polling while the catalogue is being made. */
export function useCatalogueDownload(publisherNo: string | undefined): CatalogueDownloadState {
  const [percent, setPercent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = async () => {
    if (!publisherNo) return enqueueSnackbar(messageText(BOOK_MSG.publisherNoMissing), { variant: 'warning' });
    setBusy(true);
    try {
      for (;;) {
        const catalogue = await getCatalogue(publisherNo);
        if (!mounted.current) return;
        const url = catalogue.generated_pdf.publisher_catalog_pdf;
        if (url) return downloadLink(url, `${catalogue.publisher.publisher_no || publisherNo}.pdf`);
        setPercent(catalogue.progress?.percent ?? 0);
        await new Promise((resolve) => window.setTimeout(resolve, POLL_MS));
        if (!mounted.current) return;
      }
    } catch (error) {
      toastError(error);
    } finally {
      if (mounted.current) {
        setBusy(false);
        setPercent(null);
      }
    }
  };

  return { busy, percent, download: () => void run() };
}

/** The catalogue's download button (locked while the catalogue is made). */
export function CatalogueButton({
  catalogue,
  label,
  ...button
}: { catalogue: CatalogueDownloadState; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation('books');
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      {...button}
      onClick={catalogue.download}
      disabled={catalogue.busy}
      sx={{ whiteSpace: 'nowrap', ...button.sx }}
    >
      {label ?? t('catalogue.download')}
    </Button>
  );
}

/** The list form of `sx` (MUI's `sx={[…]}`), which `Array.isArray` narrows to `any[]`. */
type SxList = Extract<SxProps<Theme>, readonly unknown[]>;

/**
 * The catalogue's progress while it is made (nothing otherwise): a bar and 'Making the
 * catalogue… N% done. It downloads by itself when ready.' It takes the width its container
 * gives and never widens it (`contain: inline-size`), so the buttons above it stay in place.
 */
export function CatalogueProgress({ catalogue, sx }: { catalogue: CatalogueDownloadState; sx?: SxProps<Theme> }) {
  const { t } = useTranslation('books');
  const message = useMessages();
  if (catalogue.percent === null) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={[
        { contain: 'inline-size', minWidth: 0 },
        ...(sx === undefined ? [] : Array.isArray(sx) ? (sx as SxList) : [sx as Exclude<SxProps<Theme>, SxList>]),
      ]}
    >
      <LinearProgress variant="determinate" value={catalogue.percent} aria-label={t('catalogue.progress')} />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
        {message(catalogueProgressMessage(catalogue.percent))}
      </Typography>
    </Box>
  );
}

/**
 * 'Download catalogue' (spec books §7 'Catalogue'; issue 11): asks GET /api/book/catalog/
 * :publisher_no for the link of the publisher's catalogue PDF and saves it as
 * `<publisher_no>.pdf`. A big publisher's catalogue is made in the background: while the API
 * answers 202 with its progress, the button shows the percentage and asks again every 1.5 s,
 * and the file downloads by itself when ready.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, LinearProgress, Typography, type ButtonProps } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { enqueueSnackbar } from 'notistack';
import { BOOK_MSG, catalogueProgressMessage } from '@jsbn/shared/core';
import { toastError } from '../../../api/client';
import { downloadLink } from '../../../components/download';
import { getCatalogue } from '../api/books-api';

/** How often a catalogue being made is asked about again, ms. */
const POLL_MS = 1_500;

/** The catalogue's download button with its progress while the catalogue is being made. */
export function CatalogueDownload({ publisherNo, label = 'Download catalogue', ...button }: { publisherNo: string | undefined; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const [percent, setPercent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const download = async () => {
    if (!publisherNo) return enqueueSnackbar(BOOK_MSG.publisherNoMissing, { variant: 'warning' });
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

  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Button variant="outlined" startIcon={<DownloadIcon />} {...button} onClick={() => void download()} disabled={busy} sx={{ whiteSpace: 'nowrap', ...button.sx }}>
        {label}
      </Button>
      {percent !== null ? (
        <Box role="status" aria-live="polite" sx={{ maxWidth: 260 }}>
          <LinearProgress variant="determinate" value={percent} aria-label="Catalogue progress" />
          <Typography variant="caption" color="text.secondary">
            {catalogueProgressMessage(percent)}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}

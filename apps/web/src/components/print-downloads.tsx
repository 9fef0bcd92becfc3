/**
 * Downloads for printers and library systems: a book's QR code as vector art for its
 * back cover (SVG or PDF, 20, 25 or 30 mm), and MARC21 records (ISO 2709 `.mrc` or MARCXML) for
 * Koha, e-Granthalaya and SOUL. Each button names what it gives; a failure is toasted.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { QR_PRINT_SIZES_MM, bookEndpoints } from '@jsbn/shared/core';
import { enqueueSnackbar } from 'notistack';
import { call, endpointUrl, toastError, type ApiFile } from '../api/client';
import { idsQuery, saveFile } from './download';

/** The vector formats of the QR code for print. */
const PRINT_FORMATS = ['svg', 'pdf'] as const;

/** The QR code of `jsbn` for print: the size, then SVG or PDF (public files: plain links, which work before the app has started). */
export function PrintQrDownloads({ jsbn }: { jsbn: string }) {
  const { t } = useTranslation('books');
  const [size, setSize] = useState<number>(25);
  const file = (format: 'svg' | 'pdf') =>
    endpointUrl(format === 'svg' ? bookEndpoints.qrSvg : bookEndpoints.qrPdf, { params: { jsbnNo: jsbn }, query: { size } });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      {/* a native select: the book page loads no menu code for it */}
      <TextField
        select
        size="small"
        // an id of the book's: the server's render and the browser's name the field alike
        id={`print-size-${jsbn}`}
        label={t('print.size')}
        value={size}
        onChange={(event) => setSize(Number(event.target.value))}
        sx={{ width: 110 }}
        slotProps={{ select: { native: true } }}
      >
        {QR_PRINT_SIZES_MM.map((option) => (
          <option key={option} value={option}>
            {t('print.mm', { size: option })}
          </option>
        ))}
      </TextField>
      {PRINT_FORMATS.map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={file(format)}
          download={`JSBN-${jsbn}-${size}mm.${format}`}
          aria-label={t(format === 'svg' ? 'print.svgOf' : 'print.pdfOf', { jsbn, size })}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );
}

/** The MARC21 records of one list in a format: `call` of its `marcEndpoints`. */
export type MarcLoad = (format: 'mrc' | 'xml') => Promise<ApiFile>;

/**
 * MARC21 of one list (`load`, e.g. a library's received books): '.mrc' and MARCXML buttons,
 * fetched with the session (a library's received books need it).
 */
export function MarcDownloads({ load, name }: { load: MarcLoad; name: string }) {
  const { t } = useTranslation('books');
  const [busy, setBusy] = useState(false);
  const download = async (format: 'mrc' | 'xml') => {
    setBusy(true);
    try {
      saveFile(await load(format), `${name}.${format}`);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download('mrc')}>
        {t('print.mrc')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download('xml')}>
        {t('print.xml')}
      </Button>
    </Stack>
  );
}

/** 'QR label sheet': an A4 PDF of the QR labels of the selected books (25 mm), or a warning with none selected. */
export function QrLabelSheetButton({ selected }: { selected: ReadonlySet<number> }) {
  const { t } = useTranslation('books');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (selected.size === 0) return void enqueueSnackbar(t('print.selectBooks'), { variant: 'warning' });
    setBusy(true);
    try {
      saveFile(await call(bookEndpoints.qrLabels, { query: { ...idsQuery(selected), size: 25 } }), 'JSBN-QR-labels.pdf');
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download()} sx={{ flexShrink: 0 }}>
      {t('print.labels')}
    </Button>
  );
}

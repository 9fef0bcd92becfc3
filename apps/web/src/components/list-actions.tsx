/**
 * The toolbar buttons of the lists that act on the selected rows (spec books §5, §9): Excel
 * export ('Please select at least one row to export' with none selected) and address labels
 * ('Print address': disabled, or 'Please select at least one row to print address').
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enqueueSnackbar } from 'notistack';
import { Button } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PrintIcon from '@mui/icons-material/Print';
import { ADDRESS_LABELS_FILE, MSG } from '@jsbn/shared/core';
import { toastError } from '../api/client';
import { useMessages } from '../i18n';
import { downloadFile, idsQuery } from './download';

interface SelectionButtonProps {
  /** API path of the export or labels, e.g. '/book/order-book/export.xlsx'. */
  path: string;
  selected: ReadonlySet<number>;
}

function useDownload(path: string, fallbackName: string) {
  const [busy, setBusy] = useState(false);
  const run = async (ids: ReadonlySet<number>) => {
    setBusy(true);
    try {
      await downloadFile(path, idsQuery(ids), fallbackName);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** 'Export Excel' of the selected rows, saved under the server's file name (`fileName` if none). */
export function ExportExcelButton({ path, selected, fileName }: SelectionButtonProps & { fileName: string }) {
  const { t } = useTranslation();
  const message = useMessages();
  const download = useDownload(path, `${fileName}.xlsx`);
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      disabled={download.busy}
      onClick={() => {
        if (selected.size === 0) enqueueSnackbar(message(MSG.selectToExport), { variant: 'warning' });
        else void download.run(selected);
      }}
      sx={{ flexShrink: 0 }}
    >
      {t('listActions.exportExcel')}
    </Button>
  );
}

/**
 * 'Print address': addresses.pdf of the selected rows. With `disableWhenNone` the button is
 * disabled until a row is selected (Received Orders); otherwise it says which rows are missing.
 */
export function PrintAddressButton({ path, selected, disableWhenNone }: SelectionButtonProps & { disableWhenNone?: boolean }) {
  const { t } = useTranslation();
  const message = useMessages();
  const download = useDownload(path, ADDRESS_LABELS_FILE);
  return (
    <Button
      variant="outlined"
      startIcon={<PrintIcon />}
      disabled={download.busy || (disableWhenNone && selected.size === 0)}
      onClick={() => {
        if (selected.size === 0) enqueueSnackbar(message(MSG.selectToPrint), { variant: 'warning' });
        else void download.run(selected);
      }}
      sx={{ flexShrink: 0 }}
    >
      {t('listActions.printAddress')}
    </Button>
  );
}

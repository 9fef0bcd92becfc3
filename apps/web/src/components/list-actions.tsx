/**
 * The toolbar buttons of the lists that act on the selected rows (docs/api.md and packages/shared/src/constants.ts): Excel
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
import { toastError, type ApiFile } from '../api/client';
import { useMessages } from '../i18n';
import { idsQuery, saveFile } from './download';

interface SelectionButtonProps {
  /** The export or labels of the chosen rows (`ids=1,2,3`), e.g. `exportOrders` of the orders' API. */
  download: (query: { ids: string }) => Promise<ApiFile>;
  selected: ReadonlySet<number>;
}

function useDownload(download: SelectionButtonProps['download'], fallbackName: string) {
  const [busy, setBusy] = useState(false);
  const run = async (ids: ReadonlySet<number>) => {
    setBusy(true);
    try {
      saveFile(await download(idsQuery(ids)), fallbackName);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** 'Export Excel' of the selected rows, saved under the server's file name (`fileName` if none). */
export function ExportExcelButton({ download: load, selected, fileName }: SelectionButtonProps & { fileName: string }) {
  const { t } = useTranslation();
  const message = useMessages();
  const download = useDownload(load, `${fileName}.xlsx`);
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
export function PrintAddressButton({ download: load, selected, disableWhenNone }: SelectionButtonProps & { disableWhenNone?: boolean }) {
  const { t } = useTranslation();
  const message = useMessages();
  const download = useDownload(load, ADDRESS_LABELS_FILE);
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

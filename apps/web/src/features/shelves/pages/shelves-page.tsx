import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Box, Button, Chip, Link, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import DownloadIcon from '@mui/icons-material/Download';
import { formatJsbn, holdingEndpoints } from '@jsbn/shared/core';
import {
  HOLDING_ADDED_SOURCES,
  HOLDING_CONDITIONS,
  HOLDING_SET_STATES,
  HOLDING_STATES,
  type HoldingDto,
  type HoldingState,
} from '@jsbn/shared';
import { call, toastError, toastSuccess } from '../../../api/client';
import { saveFile } from '../../../components/download';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelect, FormText } from '../../../components/form-fields';
import { applyServerErrors } from '../../../components/forms';
import { useApiMutation } from '../../../api/mutations';
import { queryKeys } from '../../../api/query-keys';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page';
import { bookDetailPath, paths } from '../../../lib/paths';
import { TAP_LINK, TAP_PX } from '../../../lib/theme';

/** The states a copy on the shelves may leave them for here (the states a library sets, but 'available'). */
const LEAVING_STATES = HOLDING_SET_STATES.filter((state) => state !== 'available');

/** A number's field: the phone shows its digits' keyboard. */
const NUMERIC = { htmlInput: { inputMode: 'numeric' } } as const;

/** A state's chip colour: on the shelves green, lent blue, missing amber, withdrawn grey. */
const STATE_COLOUR = { available: 'success', lent: 'info', missing: 'warning', withdrawn: 'default' } as const;

/** What the add form holds, as typed: a registered book's JSBN or a described book, and the copy's own fields. */
interface AddValues {
  kind: 'registered' | 'described';
  jsbn: string;
  /** A book without a JSBN; its fields are named as the API names them (`book.title` …), so its errors land under them. */
  book: { title: string; author: string; publisher_name: string; publication_year: string; isbn: string };
  accession_number: string;
  place: string;
  condition: (typeof HOLDING_CONDITIONS)[number];
  source: (typeof HOLDING_ADDED_SOURCES)[number];
  note: string;
}

const EMPTY: AddValues = {
  kind: 'registered',
  jsbn: '',
  book: { title: '', author: '', publisher_name: '', publication_year: '', isbn: '' },
  accession_number: '',
  place: '',
  condition: 'good',
  source: 'bought',
  note: '',
};

/** The body of POST /api/library/holdings from the form: the JSBN, or the described book; empty fields left out. */
function addBody(values: AddValues) {
  const given = (value: string) => value.trim() || undefined;
  return {
    ...(values.kind === 'registered'
      ? { jsbn: values.jsbn }
      : {
          book: {
            title: values.book.title,
            author: given(values.book.author),
            publisher_name: given(values.book.publisher_name),
            publication_year: given(values.book.publication_year),
            isbn: given(values.book.isbn),
          },
        }),
    accession_number: given(values.accession_number),
    place: given(values.place),
    condition: values.condition,
    source: values.source,
    note: given(values.note),
  };
}

/** 'Add a copy': a registered book by its JSBN, or a book described by hand; the next accession number offered. */
function AddCopyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shelves');
  const form = useForm<AddValues>({ defaultValues: EMPTY });
  const kind = form.watch('kind');
  const next = useQuery({
    queryKey: queryKeys.holdings.next,
    queryFn: async ({ signal, client }) => (await call(holdingEndpoints.nextAccession, { signal, client })).data.accession_number,
    enabled: open,
  });
  const add = useApiMutation(
    (body: ReturnType<typeof addBody>) => call(holdingEndpoints.add, { body }),
    {
      silent: true,
      onSuccess: (reply) => {
        toastSuccess(reply.message);
        form.reset(EMPTY);
        onClose();
      },
      onError: (error) => applyServerErrors(error, form.setError),
    },
    [queryKeys.holdings.all],
  );
  const { control } = form;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId="add-copy-title"
      title={t('add.title')}
      onSubmit={form.handleSubmit((values) => add.mutate(addBody(values)))}
      pending={add.isPending}
      error={add.error}
      cancel={t('add.cancel')}
      submit={t('add.save')}
      phoneFullScreen
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ToggleButtonGroup
          exclusive
          fullWidth
          value={kind}
          onChange={(_event, value: AddValues['kind'] | null) => value && form.setValue('kind', value)}
        >
          <ToggleButton value="registered" sx={{ minHeight: TAP_PX }}>
            {t('add.registered')}
          </ToggleButton>
          <ToggleButton value="described" sx={{ minHeight: TAP_PX }}>
            {t('add.described')}
          </ToggleButton>
        </ToggleButtonGroup>
        {kind === 'registered' ? (
          <FormText control={control} name="jsbn" label={t('add.jsbn')} required helperText={t('add.jsbnHelp')} autoFocus fullWidth />
        ) : (
          <>
            <FormText control={control} name="book.title" label={t('add.bookTitle')} required autoFocus fullWidth />
            <FormText control={control} name="book.author" label={t('add.author')} fullWidth />
            <FormText control={control} name="book.publisher_name" label={t('add.publisher')} fullWidth />
            <Stack direction="row" spacing={2}>
              <FormText control={control} name="book.publication_year" label={t('add.year')} slotProps={NUMERIC} fullWidth />
              <FormText control={control} name="book.isbn" label={t('add.isbn')} slotProps={NUMERIC} fullWidth />
            </Stack>
          </>
        )}
        <FormText
          control={control}
          name="accession_number"
          label={t('add.accession')}
          placeholder={next.data}
          helperText={next.data ? t('add.accessionHelp', { next: next.data }) : undefined}
          fullWidth
        />
        <FormText control={control} name="place" label={t('add.place')} fullWidth />
        <Stack direction="row" spacing={2}>
          <FormSelect
            control={control}
            name="condition"
            label={t('add.condition')}
            options={HOLDING_CONDITIONS.map((condition) => ({ value: condition, label: t(`conditions.${condition}`) }))}
            fullWidth
          />
          <FormSelect
            control={control}
            name="source"
            label={t('add.source')}
            options={HOLDING_ADDED_SOURCES.map((source) => ({ value: source, label: t(`sources.${source}`) }))}
            fullWidth
          />
        </Stack>
        <FormText control={control} name="note" label={t('add.note')} multiline minRows={2} fullWidth />
      </Stack>
    </FormDialog>
  );
}

/** What the state form holds: the state a copy on the shelves leaves them for, and why. */
interface StateValues {
  state: (typeof LEAVING_STATES)[number];
  reason: string;
}

/** 'Change state': a copy back on the shelves, or missing or withdrawn with the reason. */
function ChangeStateDialog({ holding, onClose }: { holding: HoldingDto | null; onClose: () => void }) {
  const { t } = useTranslation('shelves');
  const form = useForm<StateValues>({ defaultValues: { state: 'missing', reason: '' } });
  const change = useApiMutation(
    (body: { state: StateValues['state'] | 'available'; reason?: string }) =>
      call(holdingEndpoints.setState, { params: { id: holding!.id }, body }),
    {
      silent: true,
      onSuccess: (reply) => {
        toastSuccess(reply.message);
        form.reset();
        onClose();
      },
      onError: (error) => applyServerErrors(error, form.setError),
    },
    [queryKeys.holdings.all],
  );
  const onShelves = holding?.state === 'available';
  return (
    <FormDialog
      open={Boolean(holding)}
      onClose={onClose}
      titleId="copy-state-title"
      title={t('change.title', { number: holding?.accession_number ?? '' })}
      onSubmit={form.handleSubmit(({ state, reason }) =>
        change.mutate(onShelves ? { state, reason: reason.trim() || undefined } : { state: 'available' }),
      )}
      pending={change.isPending}
      error={change.error}
      cancel={t('add.cancel')}
      submit={onShelves ? t('change.save') : t('change.back')}
      maxWidth="xs"
    >
      <Typography sx={{ mb: 2 }}>{holding?.title}</Typography>
      {onShelves ? (
        <Stack spacing={2}>
          <FormSelect
            control={form.control}
            name="state"
            label={t('state')}
            options={LEAVING_STATES.map((option) => ({ value: option, label: t(`states.${option}`) }))}
          />
          <FormText control={form.control} name="reason" label={t('change.reason')} required autoFocus />
        </Stack>
      ) : (
        <Typography color="text.secondary">{holding?.state_reason}</Typography>
      )}
    </FormDialog>
  );
}

/** The holdings files: Excel, MARC21 (852), and MARC21 with Koha's 952 (decision 077). */
const EXPORTS = ['xlsx', 'mrc', 'koha'] as const;
type ExportKind = (typeof EXPORTS)[number];

/** Saves the copies the list's filters find as `kind`. */
async function exportCopies(kind: ExportKind, filters: { queryString?: string; state?: HoldingState }) {
  try {
    const file =
      kind === 'xlsx'
        ? await call(holdingEndpoints.exportXlsx, { query: filters })
        : await call(holdingEndpoints.exportMrc, { query: { ...filters, ...(kind === 'koha' ? { koha: 'true' as const } : {}) } });
    saveFile(file, kind === 'xlsx' ? 'Our_Shelves.xlsx' : 'Our_Shelves_MARC21.mrc');
  } catch (error) {
    toastError(error);
  }
}

/** The export buttons: what the list shows (its search and state), as Excel or MARC21. */
function ExportButtons({ filters }: { filters: { queryString?: string; state?: HoldingState } }) {
  const { t } = useTranslation('shelves');
  const [busy, setBusy] = useState<ExportKind | null>(null);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} aria-label={t('export.label')}>
      {EXPORTS.map((kind) => (
        <Button
          key={kind}
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          disabled={busy !== null}
          onClick={() => {
            setBusy(kind);
            void exportCopies(kind, filters).finally(() => setBusy(null));
          }}
          sx={{ minHeight: TAP_PX }}
        >
          {t(`export.${kind}`)}
        </Button>
      ))}
    </Stack>
  );
}

/**
 * /shelves — a library's copies (decision 071): found by title, author, JSBN or accession number
 * in either script, filtered by state; 'Add a copy' by JSBN or described by hand; a copy's state
 * changed with a reason. The copies of a received order are added by its receipt.
 */
export function ShelvesPage() {
  const { t } = useTranslation('shelves');
  const list = useListState(null);
  const [state, setState] = useState<HoldingState | ''>('');
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<HoldingDto | null>(null);
  const query = { queryString: list.query.queryString, pageNo: list.query.pageNo, limit: list.query.limit, ...(state ? { state } : {}) };
  const copies = useQuery({
    queryKey: queryKeys.holdings.list(query),
    queryFn: async ({ signal, client }) => (await call(holdingEndpoints.list, { query, signal, client })).data,
    placeholderData: keepPreviousData,
  });
  const columns: Column<HoldingDto>[] = [
    {
      key: 'accession',
      header: t('accession'),
      render: (copy) => <Typography sx={{ fontWeight: 600 }}>{copy.accession_number}</Typography>,
    },
    {
      key: 'book',
      header: t('book'),
      minWidth: 220,
      render: (copy) => (
        <Box>
          {copy.book ? (
            <Link
              component={RouterLink}
              to={bookDetailPath(formatJsbn(copy.book.jsbn_number))}
              sx={{ ...TAP_LINK, fontWeight: 600, minWidth: TAP_PX }}
            >
              {copy.title}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600 }}>{copy.title}</Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="div">
            {[copy.author, copy.book ? `JSBN ${formatJsbn(copy.book.jsbn_number)}` : copy.isbn ? `ISBN ${copy.isbn}` : null]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
      ),
    },
    { key: 'place', header: t('place'), render: (copy) => copy.place ?? '—' },
    {
      key: 'state',
      header: t('state'),
      render: (copy) => <Chip size="small" color={STATE_COLOUR[copy.state]} label={t(`states.${copy.state}`)} />,
    },
    {
      key: 'action',
      header: '',
      label: t('change.open'),
      render: (copy) =>
        copy.state === 'lent' ? null : (
          <Button size="small" onClick={() => setChanging(copy)} sx={{ minHeight: TAP_PX }}>
            {t('change.open')}
          </Button>
        ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Stack direction="row" spacing={1}>
            <Button
              component={RouterLink}
              to={paths.shelvesScan}
              variant="outlined"
              startIcon={<QrCodeScannerIcon />}
              sx={{ minHeight: TAP_PX }}
            >
              {t('scan.open')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ minHeight: TAP_PX }}>
              {t('add.open')}
            </Button>
          </Stack>
        }
      />
      <ExportButtons
        filters={{ ...(list.query.queryString ? { queryString: list.query.queryString } : {}), ...(state ? { state } : {}) }}
      />
      <DataTable
        label={t('table')}
        searchLabel={t('search')}
        columns={columns}
        rows={copies.data?.rows}
        total={copies.data?.total ?? 0}
        totalCapped={copies.data?.total_capped}
        loading={copies.isLoading}
        getRowKey={(copy) => copy.id}
        list={list}
        emptyText={t('empty')}
        toolbar={
          <TextField
            select
            size="small"
            label={t('state')}
            value={state}
            onChange={(event) => {
              setState(event.target.value as HoldingState | '');
              list.setPage(1);
            }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 180, maxWidth: { md: 260 } }}
          >
            <MenuItem value="">{t('allStates')}</MenuItem>
            {HOLDING_STATES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`states.${option}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <AddCopyDialog open={adding} onClose={() => setAdding(false)} />
      <ChangeStateDialog holding={changing} onClose={() => setChanging(null)} />
    </Box>
  );
}

import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Stack,
  TextField,
  type TextFieldProps,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
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
import { ApiError, call, toastError, toastSuccess } from '../../../api/client';
import { saveFile } from '../../../components/download';
import { useApiMutation } from '../../../api/mutations';
import { queryKeys } from '../../../api/query-keys';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page';
import { dialogFormSx, useFullScreenDialog } from '../../../components/responsive-dialog';
import { bookDetailPath, paths } from '../../../lib/paths';
import { TAP_LINK, TAP_PX } from '../../../lib/theme';

/** The states a copy on the shelves may leave them for here (the states a library sets, but 'available'). */
const LEAVING_STATES = HOLDING_SET_STATES.filter((state) => state !== 'available');

/** A number's field: the phone shows its digits' keyboard. */
const NUMERIC = { htmlInput: { inputMode: 'numeric' } } as const;

/** A state's chip colour: on the shelves green, lent blue, missing amber, withdrawn grey. */
const STATE_COLOUR = { available: 'success', lent: 'info', missing: 'warning', withdrawn: 'default' } as const;

/** The server's message for each field of a refused form (400 `details`), by field name. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.details.map((detail) => [detail.field, detail.message]));
}

/** What the add form holds, as typed. */
interface AddFields {
  jsbn: string;
  title: string;
  author: string;
  publisher_name: string;
  publication_year: string;
  isbn: string;
  accession_number: string;
  place: string;
  condition: string;
  source: (typeof HOLDING_ADDED_SOURCES)[number];
  note: string;
}

const EMPTY: AddFields = {
  jsbn: '',
  title: '',
  author: '',
  publisher_name: '',
  publication_year: '',
  isbn: '',
  accession_number: '',
  place: '',
  condition: 'good',
  source: 'bought',
  note: '',
};

/** The body of POST /api/library/holdings from the form: the JSBN, or the described book; empty fields left out. */
function addBody(kind: 'registered' | 'described', fields: AddFields) {
  const given = (value: string) => value.trim() || undefined;
  return {
    ...(kind === 'registered'
      ? { jsbn: fields.jsbn }
      : {
          book: {
            title: fields.title,
            author: given(fields.author),
            publisher_name: given(fields.publisher_name),
            publication_year: given(fields.publication_year),
            isbn: given(fields.isbn),
          },
        }),
    accession_number: given(fields.accession_number),
    place: given(fields.place),
    condition: fields.condition as HoldingDto['condition'],
    source: fields.source,
    note: given(fields.note),
  };
}

/** One field of the add form: its value from `fields`, its server error (a described book's under `book.<name>`). */
function CopyField({
  name,
  fields,
  errors,
  onChange,
  helperText,
  ...props
}: Omit<TextFieldProps, 'name' | 'onChange'> & {
  name: keyof AddFields;
  fields: AddFields;
  errors: Record<string, string>;
  onChange: (name: keyof AddFields, value: string) => void;
}) {
  const error = errors[name] ?? errors[`book.${name}`];
  return (
    <TextField
      name={name}
      value={fields[name]}
      onChange={(event) => onChange(name, event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth
      {...props}
    />
  );
}

/** 'Add a copy': a registered book by its JSBN, or a book described by hand; the next accession number offered. */
function AddCopyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shelves');
  const fullScreen = useFullScreenDialog();
  const [kind, setKind] = useState<'registered' | 'described'>('registered');
  const [fields, setFields] = useState<AddFields>(EMPTY);
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
        setFields(EMPTY);
        onClose();
      },
    },
    [queryKeys.holdings.all],
  );
  const errors = fieldErrors(add.error);
  const bound = { fields, errors, onChange: (name: keyof AddFields, value: string) => setFields({ ...fields, [name]: value }) };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(addBody(kind, fields));
  };
  const otherError = add.error && Object.keys(errors).length === 0 ? add.error.message : null;
  return (
    <Dialog
      open={open}
      onClose={add.isPending ? undefined : onClose}
      aria-labelledby="add-copy-title"
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogTitle id="add-copy-title">{t('add.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ToggleButtonGroup exclusive fullWidth value={kind} onChange={(_event, value: typeof kind | null) => value && setKind(value)}>
              <ToggleButton value="registered" sx={{ minHeight: TAP_PX }}>
                {t('add.registered')}
              </ToggleButton>
              <ToggleButton value="described" sx={{ minHeight: TAP_PX }}>
                {t('add.described')}
              </ToggleButton>
            </ToggleButtonGroup>
            {kind === 'registered' ? (
              <CopyField name="jsbn" label={t('add.jsbn')} required helperText={t('add.jsbnHelp')} autoFocus {...bound} />
            ) : (
              <>
                <CopyField name="title" label={t('add.bookTitle')} required autoFocus {...bound} />
                <CopyField name="author" label={t('add.author')} {...bound} />
                <CopyField name="publisher_name" label={t('add.publisher')} {...bound} />
                <Stack direction="row" spacing={2}>
                  <CopyField name="publication_year" label={t('add.year')} slotProps={NUMERIC} {...bound} />
                  <CopyField name="isbn" label={t('add.isbn')} slotProps={NUMERIC} {...bound} />
                </Stack>
              </>
            )}
            <CopyField
              name="accession_number"
              label={t('add.accession')}
              placeholder={next.data}
              helperText={next.data ? t('add.accessionHelp', { next: next.data }) : undefined}
              {...bound}
            />
            <CopyField name="place" label={t('add.place')} {...bound} />
            <Stack direction="row" spacing={2}>
              <CopyField name="condition" label={t('add.condition')} select {...bound}>
                {HOLDING_CONDITIONS.map((condition) => (
                  <MenuItem key={condition} value={condition}>
                    {t(`conditions.${condition}`)}
                  </MenuItem>
                ))}
              </CopyField>
              <CopyField name="source" label={t('add.source')} select {...bound}>
                {HOLDING_ADDED_SOURCES.map((source) => (
                  <MenuItem key={source} value={source}>
                    {t(`sources.${source}`)}
                  </MenuItem>
                ))}
              </CopyField>
            </Stack>
            <CopyField name="note" label={t('add.note')} multiline minRows={2} {...bound} />
            {otherError ? (
              <Typography color="error" role="alert">
                {otherError}
              </Typography>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending} sx={{ minHeight: TAP_PX }}>
            {t('add.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending} sx={{ minHeight: TAP_PX }}>
            {t('add.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** 'Change state': a copy back on the shelves, or missing or withdrawn with the reason. */
function ChangeStateDialog({ holding, onClose }: { holding: HoldingDto | null; onClose: () => void }) {
  const { t } = useTranslation('shelves');
  const [state, setState] = useState<'available' | 'missing' | 'withdrawn'>('missing');
  const [reason, setReason] = useState('');
  const change = useApiMutation(
    (body: { state: typeof state; reason?: string }) => call(holdingEndpoints.setState, { params: { id: holding!.id }, body }),
    {
      silent: true,
      onSuccess: (reply) => {
        toastSuccess(reply.message);
        setReason('');
        onClose();
      },
    },
    [queryKeys.holdings.all],
  );
  const errors = fieldErrors(change.error);
  const onShelves = holding?.state === 'available';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(onShelves ? { state, reason: reason.trim() || undefined } : { state: 'available' });
  };
  return (
    <Dialog
      open={Boolean(holding)}
      onClose={change.isPending ? undefined : onClose}
      aria-labelledby="copy-state-title"
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="copy-state-title">{t('change.title', { number: holding?.accession_number ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{holding?.title}</Typography>
          {onShelves ? (
            <Stack spacing={2}>
              <TextField select label={t('state')} value={state} onChange={(event) => setState(event.target.value as typeof state)}>
                {LEAVING_STATES.map((option) => (
                  <MenuItem key={option} value={option}>
                    {t(`states.${option}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                name="reason"
                label={t('change.reason')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                error={Boolean(errors.reason)}
                helperText={errors.reason}
                required
                autoFocus
              />
            </Stack>
          ) : (
            <Typography color="text.secondary">{holding?.state_reason}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={change.isPending} sx={{ minHeight: TAP_PX }}>
            {t('add.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={change.isPending} sx={{ minHeight: TAP_PX }}>
            {onShelves ? t('change.save') : t('change.back')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
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

import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Link, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { formatJsbn, holdingEndpoints } from '@jsbn/shared/core';
import { HOLDING_CONDITIONS, type AddHoldingInput, type HoldingLookup } from '@jsbn/shared';
import { ApiError, call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/page';
import { SafeImage } from '../../../components/safe-image';
import { paths } from '../../../lib/paths';
import { TAP_PX } from '../../../lib/theme';
import { CODE_SEEN_MARK, CodeScanner } from '../../../components/scanner/code-scanner';
import { useScanQueue } from '../api/scan-queue';
import { registerOffline } from '../offline';

/** The performance mark of a scanned book's title on screen, and the measure from the camera's frame to it (decision 075). */
export const TITLE_SHOWN_MARK = 'jsbn:title-shown';
export const SCAN_TO_TITLE_MEASURE = 'jsbn:scan-to-title';
/** The measure of the lookup's request, from the code read to its answer. */
export const LOOKUP_MEASURE = 'jsbn:lookup';

/** What the scan page shows of the last code: being looked up, found, not found, or kept for later (offline). */
type Scan =
  | { code: string; id: string; status: 'looking' }
  | { code: string; id: string; status: 'found'; lookup: HoldingLookup }
  | { code: string; id: string; status: 'missing'; message: string }
  | { code: string; id: string; status: 'offline' };

/** What the add form holds; the place and condition stay from one scan to the next (a shelf filled book by book). */
interface CopyFields {
  /** As typed; null: the library's next number (the server gives it). */
  accession_number: string | null;
  place: string;
  condition: (typeof HOLDING_CONDITIONS)[number];
  title: string;
}

/** The add's body for `code` (a JSBN or its address, else an ISBN-13 with the title typed); empty fields left out. */
function addBody(code: string, lookup: HoldingLookup | null, fields: CopyFields): AddHoldingInput {
  const given = (value: string | null) => value?.trim() || undefined;
  const isbn = /^97[89]\d{10}$/.test(code.replace(/[\s-]/g, ''));
  return {
    ...(lookup?.book ? { jsbn: lookup.book.jsbn_number } : isbn ? { book: { title: fields.title, isbn: code } } : { jsbn: code }),
    accession_number: given(fields.accession_number),
    place: given(fields.place),
    condition: fields.condition,
    source: 'bought',
  };
}

/** A fresh id for one add: the API makes one copy per id however often it is sent. */
const newRequestId = () => crypto.randomUUID();

/** Whether the browser says it is online, kept current. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** What the library already has of a scanned book: copies on the shelves, an order on its way, or nothing. */
function HeldLine({ lookup }: { lookup: HoldingLookup }) {
  const { t } = useTranslation('shelves');
  if (lookup.copies > 0) return <Chip color="success" label={t('scan.onShelves', { count: lookup.copies })} />;
  if (lookup.ordered) return <Chip color="info" label={t('scan.ordered')} />;
  return <Chip label={t('scan.notYet')} />;
}

/** The last scan: the book's cover and title, what the library holds, and 'Add to shelves'. */
function ScanCard({
  scan,
  fields,
  setFields,
  nextNumber,
  online,
  onAdd,
  adding,
  added,
  error,
}: {
  scan: Scan;
  fields: CopyFields;
  setFields: (fields: CopyFields) => void;
  nextNumber: string | undefined;
  online: boolean;
  onAdd: () => void;
  adding: boolean;
  added: string | null;
  error: ApiError | null;
}) {
  const { t } = useTranslation('shelves');
  const lookup = scan.status === 'found' ? scan.lookup : null;
  const errors = Object.fromEntries((error?.details ?? []).map((detail) => [detail.field.replace(/^book\./, ''), detail.message]));
  const needsTitle = !lookup?.book && /^97[89]\d{10}$/.test(scan.code.replace(/[\s-]/g, ''));
  const canAdd = scan.status === 'offline' || (lookup !== null && lookup.kind !== 'accession');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-live="polite" data-scan={scan.status}>
      {scan.status === 'looking' ? <Typography>{t('scan.looking', { code: scan.code })}</Typography> : null}
      {scan.status === 'missing' ? <Alert severity="warning">{scan.message}</Alert> : null}
      {scan.status === 'offline' ? (
        <Stack spacing={1}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{scan.code}</Typography>
          <Alert severity="info">{t('scan.offlineScan')}</Alert>
        </Stack>
      ) : null}
      {lookup ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          {lookup.book ? (
            <SafeImage
              src={lookup.book.cover_url}
              alt=""
              width={72}
              height={96}
              style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
            />
          ) : null}
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" data-scanned-title sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {lookup.book?.book_title ?? lookup.holding?.title ?? t('scan.isbn', { isbn: scan.code })}
            </Typography>
            {lookup.book ? (
              <Typography variant="body2" color="text.secondary">
                {t('scan.jsbn', { jsbn: formatJsbn(lookup.book.jsbn_number) })}
              </Typography>
            ) : null}
            {lookup.kind === 'accession' && lookup.holding ? (
              <Typography>
                {t('scan.copyIs', { number: lookup.holding.accession_number, state: t(`states.${lookup.holding.state}`) })}
              </Typography>
            ) : (
              <Box>
                <HeldLine lookup={lookup} />
              </Box>
            )}
          </Stack>
        </Stack>
      ) : null}
      {canAdd ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onAdd();
          }}
          sx={{ mt: 2 }}
        >
          <Stack spacing={2}>
            {needsTitle ? (
              <TextField
                name="title"
                label={t('add.bookTitle')}
                required
                value={fields.title}
                onChange={(event) => setFields({ ...fields, title: event.target.value })}
                error={Boolean(errors.title)}
                helperText={errors.title}
              />
            ) : null}
            <Stack direction="row" spacing={2}>
              <TextField
                name="accession_number"
                label={t('add.accession')}
                value={fields.accession_number ?? (online ? (nextNumber ?? '') : '')}
                onChange={(event) => setFields({ ...fields, accession_number: event.target.value })}
                error={Boolean(errors.accession_number)}
                helperText={errors.accession_number ?? (online ? undefined : t('scan.numberLater'))}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
              <TextField
                name="condition"
                label={t('add.condition')}
                select
                value={fields.condition}
                onChange={(event) => setFields({ ...fields, condition: event.target.value as CopyFields['condition'] })}
                fullWidth
              >
                {HOLDING_CONDITIONS.map((condition) => (
                  <MenuItem key={condition} value={condition}>
                    {t(`conditions.${condition}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField
              name="place"
              label={t('add.place')}
              value={fields.place}
              onChange={(event) => setFields({ ...fields, place: event.target.value })}
              error={Boolean(errors.place)}
              helperText={errors.place}
            />
            {error && !error.details.length ? (
              <Typography color="error" role="alert">
                {error.message}
              </Typography>
            ) : null}
            {added ? (
              <Alert severity="success" role="status">
                {added}
              </Alert>
            ) : (
              <Button type="submit" variant="contained" disabled={adding} sx={{ minHeight: TAP_PX }}>
                {t('scan.add')}
              </Button>
            )}
          </Stack>
        </Box>
      ) : null}
    </Paper>
  );
}

/**
 * /shelves/scan — scan to shelve (decision 075): the phone's camera reads a back cover's JSBN QR
 * code or ISBN-13 barcode (or the code is typed); the book's cover and title show with what the
 * library already holds ('Already on the shelves: 2 copies', 'Ordered, not yet received'), and
 * 'Add to shelves' adds a copy with the next accession number, the place and the condition.
 * Offline the copy waits on the phone and is sent, once, when the connection returns; the page
 * says how many wait. Its script is a chunk of its own, loaded only here.
 */
export function ScanPage() {
  const { t } = useTranslation('shelves');
  const queryClient = useQueryClient();
  const session = useSession();
  const accountId = session.user?.id;
  const online = useOnline();
  const [scan, setScan] = useState<Scan | null>(null);
  const [typed, setTyped] = useState('');
  const [fields, setFields] = useState<CopyFields>({ accession_number: null, place: '', condition: 'good', title: '' });
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const current = useRef<string | null>(null);

  useEffect(() => registerOffline(), []);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.holdings.all });
  }, [queryClient]);
  const queue = useScanQueue(accountId, refresh);
  const next = useQuery({
    queryKey: queryKeys.holdings.next,
    queryFn: async ({ signal, client }) => (await call(holdingEndpoints.nextAccession, { signal, client })).data.accession_number,
    enabled: online,
    meta: { silent: true },
  });
  // the form offers the library's next number until the library types its own
  const nextNumber = next.data;

  const lookUp = useCallback(async (code: string) => {
    const id = newRequestId();
    current.current = id;
    setAdded(null);
    setError(null);
    if (!navigator.onLine) return setScan({ code, id, status: 'offline' });
    setScan({ code, id, status: 'looking' });
    try {
      const asked = performance.now();
      const lookup = (await call(holdingEndpoints.lookup, { query: { code } })).data;
      performance.measure(LOOKUP_MEASURE, { start: asked, end: performance.now() });
      if (current.current === id) setScan({ code, id, status: 'found', lookup });
    } catch (failure) {
      if (current.current !== id) return;
      if (failure instanceof ApiError && failure.status === 0) setScan({ code, id, status: 'offline' });
      else setScan({ code, id, status: 'missing', message: failure instanceof Error ? failure.message : String(failure) });
    }
  }, []);

  // a found book's title on screen: the time from the camera's frame to it (decision 075)
  const shownId = scan?.status === 'found' ? scan.id : null;
  useEffect(() => {
    if (!shownId) return;
    const frame = requestAnimationFrame(() => {
      performance.mark(TITLE_SHOWN_MARK);
      const seen = performance.getEntriesByName(CODE_SEEN_MARK, 'mark').at(-1);
      if (seen) performance.measure(SCAN_TO_TITLE_MEASURE, CODE_SEEN_MARK, TITLE_SHOWN_MARK);
    });
    return () => cancelAnimationFrame(frame);
  }, [shownId]);

  const add = async () => {
    if (!scan || accountId === undefined) return;
    const lookup = scan.status === 'found' ? scan.lookup : null;
    const body = addBody(scan.code, lookup, fields);
    const keep = async () => {
      await queue.queue({ request_id: scan.id, account_id: accountId, code: scan.code, body, queued_at: new Date().toISOString() });
      setAdded(t('scan.kept'));
      setFields((shown) => ({ ...shown, accession_number: null, title: '' }));
    };
    setAdding(true);
    setError(null);
    try {
      if (!navigator.onLine) return await keep();
      const reply = await call(holdingEndpoints.add, { body: { ...body, request_id: scan.id } });
      setAdded(reply.message);
      setFields((shown) => ({ ...shown, accession_number: null, title: '' }));
      if (lookup && lookup.kind !== 'accession') setScan({ ...scan, status: 'found', lookup: { ...lookup, copies: lookup.copies + 1 } });
      refresh();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 0) await keep();
      else setError(failure instanceof ApiError ? failure : new ApiError(String(failure), 0));
    } finally {
      setAdding(false);
    }
  };

  return (
    <Box>
      <PageHeader
        title={t('scan.title')}
        subtitle={t('scan.subtitle')}
        actions={
          <Link component={RouterLink} to={paths.shelves} sx={{ minHeight: TAP_PX, display: 'inline-flex', alignItems: 'center' }}>
            {t('scan.back')}
          </Link>
        }
      />
      <Stack spacing={1} sx={{ mb: 2 }}>
        {online ? null : <Alert severity="warning">{t('scan.offline')}</Alert>}
        {queue.waiting > 0 ? (
          <Alert severity="info" role="status" data-waiting={queue.waiting}>
            {t('scan.waiting', { count: queue.waiting })}
          </Alert>
        ) : null}
        {queue.refused.map((refused) => (
          <Alert key={refused.code + refused.message} severity="error">
            {t('scan.refused', { code: refused.code, message: refused.message })}
          </Alert>
        ))}
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 480px) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          <CodeScanner onCode={(code) => void lookUp(code)} />
          <Box
            component="form"
            noValidate
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              if (typed.trim()) void lookUp(typed.trim());
            }}
          >
            <Stack direction="row" spacing={1}>
              <TextField
                name="code"
                label={t('scan.type')}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                size="small"
                fullWidth
                slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off' } }}
              />
              <Button type="submit" variant="outlined" sx={{ minHeight: TAP_PX, flex: 'none' }}>
                {t('scan.lookUp')}
              </Button>
            </Stack>
          </Box>
        </Stack>
        {scan ? (
          <ScanCard
            scan={scan}
            fields={fields}
            setFields={setFields}
            nextNumber={nextNumber}
            online={online}
            onAdd={() => void add()}
            adding={adding}
            added={added}
            error={error}
          />
        ) : (
          <Typography color="text.secondary">{t('scan.hint')}</Typography>
        )}
      </Box>
    </Box>
  );
}

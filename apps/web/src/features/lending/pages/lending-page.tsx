import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import SettingsIcon from '@mui/icons-material/Settings';
import { lendingEndpoints } from '@jsbn/shared/core';
import type { LoanDto, MemberDto } from '@jsbn/shared';
import { ApiError, call, toastSuccess } from '../../../api/client';
import { useApiMutation } from '../../../api/mutations';
import { queryKeys } from '../../../api/query-keys';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { saveFile } from '../../../components/download';
import { formatDate } from '../../../components/format';
import { PageHeader } from '../../../components/page';
import { TAP_PX } from '../../../lib/theme';
import { CopyCodeField } from '../components/copy-code-field';
import { MembersPanel } from '../components/members-panel';
import { LendingSettingsDialog } from '../components/settings-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { FormText, LABEL_ABOVE } from '../../../components/form-fields';
import { applyServerErrors, formError } from '../../../components/forms';

/** The camera's scanner, loaded when the desk first opens the camera (it brings the barcode reader). */
const CodeScanner = lazy(async () => ({ default: (await import('../../../components/scanner/code-scanner')).CodeScanner }));

/** India's offset from UTC, ms: a loan's days are India's (decision 076). */
const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** India's day today plus `days`, YYYY-MM-DD. */
const indiaDay = (days = 0) => new Date(Date.now() + INDIA_OFFSET_MS + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The server's message for each field of a refused form (400 `details`), by field name. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.details.map((detail) => [detail.field, detail.message]));
}

/** A member as the picker names them: number and name. */
const memberLabel = (member: Pick<MemberDto, 'member_number' | 'name'>) => `${member.member_number} · ${member.name}`;
/** A loan's copy as a row names it: accession number and title. */
const copyLabel = (loan: LoanDto) => `${loan.holding.accession_number} · ${loan.holding.title}`;

/** The member picker's text box a finger's height, as every other field. */
const AUTOCOMPLETE_TAP = { '& .MuiAutocomplete-input': { minHeight: TAP_PX, boxSizing: 'border-box' } } as const;

/** The Excel export's file name. */
const EXPORT_NAME = 'Loans.xlsx';

/** The desk: lend a copy (its code, a member, the due date) or take one back (its code). */
function Desk() {
  const { t } = useTranslation('lending');
  const [mode, setMode] = useState<'lend' | 'return'>('lend');
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [member, setMember] = useState<MemberDto | null>(null);
  const [memberTyped, setMemberTyped] = useState('');
  const [lentOn, setLentOn] = useState(indiaDay());
  const [dueOn, setDueOn] = useState<string | null>(null);
  const [noDue, setNoDue] = useState(false);
  const settings = useQuery({
    queryKey: queryKeys.lending.settings,
    queryFn: async ({ signal, client }) => (await call(lendingEndpoints.settings, { signal, client })).data,
  });
  const memberQuery = { queryString: memberTyped || undefined, limit: '25' as const };
  const members = useQuery({
    queryKey: queryKeys.lending.members(memberQuery),
    queryFn: async ({ signal, client }) => (await call(lendingEndpoints.members, { query: memberQuery, signal, client })).data,
    placeholderData: keepPreviousData,
  });
  /** A sadhu's or sadhvi's loan has no due date when the library says so (a vihar). */
  const vihar = Boolean(settings.data?.sadhu_no_due && member?.kind === 'sadhu_sadhvi');
  const period = vihar ? null : (settings.data?.loan_period_days ?? null);
  /** The due date shown: as chosen, else the library's period after the day lent. */
  const shownDue = dueOn ?? (period ? addDays(lentOn, period) : '');
  const done = (message: string) => {
    toastSuccess(message);
    setCode('');
  };
  const lend = useApiMutation(
    (body: { code: string; memberId: number; lent_on: string; due_on: string | null }) => call(lendingEndpoints.lend, { body }),
    { silent: true, onSuccess: (reply) => done(reply.message) },
    [queryKeys.lending.all, queryKeys.holdings.all],
  );
  const giveBack = useApiMutation(
    (body: { code: string }) => call(lendingEndpoints.returnCopy, { body }),
    { silent: true, onSuccess: (reply) => done(reply.message) },
    [queryKeys.lending.all, queryKeys.holdings.all],
  );
  const active = mode === 'lend' ? lend : giveBack;
  const errors = fieldErrors(active.error);
  const otherError = formError(active.error);
  const submit = (typed = code) => {
    if (!typed.trim()) return;
    if (mode === 'return') return giveBack.mutate({ code: typed.trim() });
    if (!member) return;
    lend.mutate({ code: typed.trim(), memberId: member.id, lent_on: lentOn, due_on: noDue ? null : shownDue || null });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={mode}
            onChange={(_event, value: typeof mode | null) => {
              if (!value) return;
              setMode(value);
              lend.reset();
              giveBack.reset();
            }}
          >
            <ToggleButton value="lend" sx={{ minHeight: TAP_PX }}>
              {t('lend')}
            </ToggleButton>
            <ToggleButton value="return" sx={{ minHeight: TAP_PX }}>
              {t('return')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Button
            variant="outlined"
            startIcon={<QrCodeScannerIcon />}
            onClick={() => setCamera((open) => !open)}
            aria-pressed={camera}
            sx={{ minHeight: TAP_PX, alignSelf: 'flex-start' }}
          >
            {camera ? t('cameraOff') : t('cameraOn')}
          </Button>
          {camera && (
            <Suspense fallback={null}>
              <CodeScanner
                onCode={(scanned) => {
                  setCode(scanned);
                  submit(scanned);
                }}
              />
            </Suspense>
          )}
          <CopyCodeField
            name="code"
            label={t('code')}
            value={code}
            onChange={setCode}
            onCode={submit}
            helperText={t('codeHelp')}
            error={errors.code ?? errors.holdingId}
            autoFocus
          />
          {mode === 'lend' ? (
            <>
              <Autocomplete
                options={members.data?.rows ?? []}
                value={member}
                onChange={(_event, value) => setMember(value)}
                inputValue={memberTyped}
                onInputChange={(_event, value) => setMemberTyped(value)}
                getOptionLabel={memberLabel}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                filterOptions={(options) => options}
                noOptionsText={t('memberNone')}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    sx={AUTOCOMPLETE_TAP}
                    name="member"
                    label={t('member')}
                    required
                    error={Boolean(errors.memberId)}
                    helperText={errors.memberId}
                  />
                )}
              />
              <Stack direction="row" spacing={2}>
                <TextField
                  name="lent_on"
                  type="date"
                  label={t('lentOn')}
                  value={lentOn}
                  onChange={(event) => setLentOn(event.target.value)}
                  error={Boolean(errors.lent_on)}
                  helperText={errors.lent_on ?? (lentOn !== indiaDay() ? t('lentOnHelp') : undefined)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  fullWidth
                />
                <TextField
                  name="due_on"
                  type="date"
                  label={t('dueOn')}
                  value={noDue ? '' : shownDue}
                  disabled={noDue}
                  onChange={(event) => setDueOn(event.target.value)}
                  error={Boolean(errors.due_on)}
                  helperText={errors.due_on ?? (vihar && !noDue && !dueOn ? t('settings.sadhuDue') : undefined)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  fullWidth
                />
              </Stack>
              <FormControlLabel
                control={<Checkbox checked={noDue} onChange={(event) => setNoDue(event.target.checked)} />}
                label={t('noDue')}
              />
            </>
          ) : null}
          {otherError ? (
            <Typography color="error" role="alert">
              {otherError}
            </Typography>
          ) : null}
          <Button type="submit" variant="contained" size="large" disabled={active.isPending} sx={{ minHeight: TAP_PX }}>
            {mode === 'lend' ? t('lendNow') : t('returnNow')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

/** The day `days` after `day` (YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 'Renew': the new due date, the library's period from today offered. */
function RenewDialog({ loan, onClose }: { loan: LoanDto | null; onClose: () => void }) {
  const { t } = useTranslation('lending');
  const form = useForm<{ due_on: string }>({ defaultValues: { due_on: '' } });
  const renew = useApiMutation(
    (body: { due_on?: string }) => call(lendingEndpoints.renew, { params: { id: loan!.id }, body }),
    {
      silent: true,
      onSuccess: (reply) => {
        toastSuccess(reply.message);
        form.reset();
        onClose();
      },
      onError: (error) => applyServerErrors(error, form.setError),
    },
    [queryKeys.lending.all],
  );
  return (
    <FormDialog
      open={Boolean(loan)}
      onClose={onClose}
      titleId="renew-title"
      title={t('renew.title', { number: loan?.holding.accession_number ?? '' })}
      onSubmit={form.handleSubmit(({ due_on }) => renew.mutate(due_on ? { due_on } : {}))}
      pending={renew.isPending}
      error={renew.error}
      cancel={t('renew.cancel')}
      submit={t('renew.save')}
      maxWidth="xs"
    >
      <Typography sx={{ mb: 2 }}>{loan?.holding.title}</Typography>
      <FormText control={form.control} name="due_on" type="date" label={t('renew.dueOn')} slotProps={LABEL_ABOVE} fullWidth />
    </FormDialog>
  );
}

/** The copies lent now, or those overdue: each with its member and due date, returned or renewed from its row. */
function LoansPanel({ status }: { status: 'open' | 'overdue' }) {
  const { t } = useTranslation('lending');
  const list = useListState(null);
  const [renewing, setRenewing] = useState<LoanDto | null>(null);
  const query = { status, pageNo: list.query.pageNo, limit: list.query.limit };
  const loans = useQuery({
    queryKey: queryKeys.lending.loans(query),
    queryFn: async ({ signal, client }) => (await call(lendingEndpoints.loans, { query, signal, client })).data,
    placeholderData: keepPreviousData,
  });
  const giveBack = useApiMutation(
    (loanId: number) => call(lendingEndpoints.returnCopy, { body: { loanId } }),
    { onSuccess: (reply) => toastSuccess(reply.message) },
    [queryKeys.lending.all, queryKeys.holdings.all],
  );
  const columns: Column<LoanDto>[] = [
    {
      key: 'copy',
      header: t('loans.copy'),
      minWidth: 200,
      render: (loan) => (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{copyLabel(loan)}</Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('loans.lentOn', { date: formatDate(loan.lent_on) })}
          </Typography>
        </Box>
      ),
    },
    { key: 'member', header: t('loans.member'), render: (loan) => memberLabel(loan.member) },
    {
      key: 'due',
      header: t('loans.due'),
      render: (loan) =>
        loan.due_on ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{formatDate(loan.due_on)}</span>
            {loan.overdue ? <Chip size="small" color="warning" label={t('loans.overdue')} /> : null}
          </Stack>
        ) : (
          t('loans.noDue')
        ),
    },
    {
      key: 'actions',
      header: '',
      label: t('loans.return'),
      render: (loan) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            onClick={() => giveBack.mutate(loan.id)}
            disabled={giveBack.isPending}
            sx={{ minHeight: TAP_PX }}
          >
            {t('loans.return')}
          </Button>
          <Button size="small" onClick={() => setRenewing(loan)} sx={{ minHeight: TAP_PX }}>
            {t('loans.renew')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Box>
      <DataTable
        label={t('loans.table')}
        columns={columns}
        rows={loans.data?.rows}
        total={loans.data?.total ?? 0}
        loading={loans.isLoading}
        getRowKey={(loan) => loan.id}
        list={list}
        emptyText={status === 'overdue' ? t('loans.emptyOverdue') : t('loans.empty')}
        toolbar={
          <Button
            startIcon={<DownloadIcon />}
            onClick={() => void call(lendingEndpoints.loansXlsx, { query: { status } }).then((file) => saveFile(file, EXPORT_NAME))}
            sx={{ minHeight: TAP_PX }}
          >
            {t('loans.excel')}
          </Button>
        }
      />
      <RenewDialog loan={renewing} onClose={() => setRenewing(null)} />
    </Box>
  );
}

/**
 * /lending — a library's lending desk (decision 076): lend a copy by its accession number or
 * JSBN (typed, pasted or scanned) to a member with a due date (the library's loan period offered;
 * none for a vihar; a past day for the paper register), take it back by its code, renew it; the
 * copies lent now and overdue; the members, added, changed and removed from the lending list.
 */
export function LendingPage() {
  const { t } = useTranslation('lending');
  const [tab, setTab] = useState<'open' | 'overdue' | 'members'>('open');
  const [editing, setEditing] = useState(false);
  const settings = useQuery({
    queryKey: queryKeys.lending.settings,
    queryFn: async ({ signal, client }) => (await call(lendingEndpoints.settings, { signal, client })).data,
  });
  const period = settings.data?.loan_period_days;
  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button
            variant="outlined"
            startIcon={<SettingsIcon />}
            onClick={() => setEditing(true)}
            disabled={!settings.data}
            sx={{ minHeight: TAP_PX }}
          >
            {t('settings.open')}
          </Button>
        }
      />
      {settings.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {period ? t('settings.summary', { days: period }) : t('settings.summaryNone')}
          {settings.data.sadhu_no_due ? ` · ${t('settings.sadhu')}` : ''}
        </Typography>
      ) : null}
      {editing && settings.data ? <LendingSettingsDialog settings={settings.data} open onClose={() => setEditing(false)} /> : null}
      <Desk />
      <Tabs value={tab} onChange={(_event, value: typeof tab) => setTab(value)} variant="fullWidth" sx={{ mb: 2 }}>
        <Tab value="open" label={t('tabs.open')} sx={{ minHeight: TAP_PX }} />
        <Tab value="overdue" label={t('tabs.overdue')} sx={{ minHeight: TAP_PX }} />
        <Tab value="members" label={t('tabs.members')} sx={{ minHeight: TAP_PX }} />
      </Tabs>
      {tab === 'members' ? <MembersPanel /> : <LoansPanel key={tab} status={tab} />}
    </Box>
  );
}

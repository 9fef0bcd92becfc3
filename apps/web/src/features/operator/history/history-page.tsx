import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from '@jsbn/shared';
import { ApiError, toastError } from '../../../api/client';
import { PageHeader } from '../../../components/page';
import { downloadHistoryCsv, useOperatorHistory, type HistoryFilters } from '../../../api/history';
import { HistoryEntries } from '../../../components/history/history-entries';

/**
 * /operator/history — the record of changes for the registry's operators (decision 042):
 * a search by JSBN or e-mail, filters (subject and its id, the acting account, the action, days
 * in India), the entries, each naming its record (a book's title and JSBN, a publisher's name),
 * newest first with 'Show older entries' (keyset pages), and 'Export CSV' of the same filters.
 */
export function OperatorHistoryPage() {
  const { t } = useTranslation('operatorHistory');
  const [draft, setDraft] = useState<HistoryFilters>({});
  const [filters, setFilters] = useState<HistoryFilters>({});
  const [exporting, setExporting] = useState(false);
  const query = useOperatorHistory(filters);
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  // a search the server refused (neither a JSBN nor an e-mail) is said under its field
  const searchError = query.error instanceof ApiError ? query.error.details.find((detail) => detail.field === 'q')?.message : undefined;

  const set = (name: keyof HistoryFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadHistoryCsv(filters);
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          <Button
            variant="outlined"
            startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />}
            disabled={exporting}
            onClick={() => void exportCsv()}
            data-testid="history-export"
          >
            {exporting ? t('page.exporting') : t('page.exportCsv')}
          </Button>
        }
      />
      <Paper variant="outlined" component="form" onSubmit={apply} sx={{ p: 2, mb: 2 }} aria-label={t('page.title')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' } }}>
          <TextField
            size="small"
            type="search"
            label={t('page.search')}
            value={draft.q ?? ''}
            onChange={set('q')}
            error={Boolean(searchError)}
            helperText={searchError ?? t('page.searchHint')}
            sx={{ gridColumn: { xs: 'span 2', md: 'span 6' } }}
            slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'history-search', autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextField
            select
            size="small"
            label={t('page.subjectType')}
            value={draft.subjectType ?? ''}
            onChange={set('subjectType')}
            sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
          >
            <MenuItem value="">{t('page.anySubject')}</MenuItem>
            {AUDIT_SUBJECTS.map((subject) => (
              <MenuItem key={subject} value={subject}>
                {t(`subjects.${subject}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('page.subjectId')}
            value={draft.subjectId ?? ''}
            onChange={set('subjectId')}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
          />
          <TextField
            size="small"
            label={t('page.actor')}
            value={draft.actor ?? ''}
            onChange={set('actor')}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
          />
          <TextField
            select
            size="small"
            label={t('page.action')}
            value={draft.action ?? ''}
            onChange={set('action')}
            sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
          >
            <MenuItem value="">{t('page.anyAction')}</MenuItem>
            {AUDIT_ACTIONS.map((action) => (
              <MenuItem key={action} value={action}>
                {t(`actions.${action.replace(/[^a-zA-Z]+(\w)/g, (_, letter: string) => letter.toUpperCase())}` as never)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="date"
            label={t('page.from')}
            value={draft.from ?? ''}
            onChange={set('from')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('page.to')}
            value={draft.to ?? ''}
            onChange={set('to')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" data-testid="history-apply">
            {t('page.show')}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              setFilters({});
            }}
          >
            {t('page.clear')}
          </Button>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ px: 2 }}>
        {query.isLoading ? (
          <Box sx={{ py: 3, textAlign: 'center' }}>
            <CircularProgress aria-label={t('page.title')} />
          </Box>
        ) : query.isError && !searchError ? (
          <Alert severity="error" sx={{ my: 2 }}>
            {t('page.loadError', { error: query.error instanceof Error ? query.error.message : '' })}
          </Alert>
        ) : entries.length === 0 ? (
          <Typography sx={{ py: 3 }} color="text.secondary">
            {t('page.none')}
          </Typography>
        ) : (
          <HistoryEntries entries={entries} subject />
        )}
      </Paper>
      {query.hasNextPage ? (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button variant="outlined" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('page.loadMore')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

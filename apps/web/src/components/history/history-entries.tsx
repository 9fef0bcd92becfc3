import { Box, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '@jsbn/shared';
import { readsAsChange } from '@jsbn/shared/core';
import { useLookups, useRecordWords } from '../../i18n';
import { actionLabel, changeLabel, fieldLabel, recordWords, whenLabel, whoLabel, type Translate } from './history-format';

/** Between a value before and after (a sign, the same in every language). */
const ARROW = '→';

/**
 * Entries of the record, newest first: what happened, who and when on the first line, then each
 * changed field as 'label: before → after' and the reason given. Lines wrap (long titles,
 * addresses) so the list reads at 390 px. `subject` shows what each entry is about (the
 * operators' list; a book's own history leaves it out).
 */
export function HistoryEntries({ entries, subject = false }: { entries: HistoryEntry[]; subject?: boolean }) {
  const { t } = useTranslation(['operatorHistory', 'bookForm', 'orders']);
  // the labels of fields and actions are looked up by the record's open-ended words
  const any = t as unknown as Translate;
  const words = recordWords(useLookups(), useRecordWords());
  return (
    <List disablePadding data-testid="history-entries">
      {entries.map((entry) => (
        <ListItem key={entry.id} divider disableGutters sx={{ display: 'block', py: 1.5 }} data-testid="history-entry">
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {actionLabel(any, entry.action)}
            </Typography>
            {subject ? (
              <Chip
                size="small"
                variant="outlined"
                sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
                label={
                  entry.subject.name
                    ? t('page.subjectNamed', { type: t(`subjects.${entry.subject.type}`), name: entry.subject.name })
                    : t('page.subject', { type: t(`subjects.${entry.subject.type}`), id: entry.subject.id })
                }
              />
            ) : null}
            <Typography component="span" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {whoLabel(any, entry.who)}
              {subject && entry.who.accountId ? ` (${t('page.account', { id: entry.who.accountId })})` : ''}
            </Typography>
            <Typography component="time" dateTime={entry.at} color="text.secondary" variant="body2">
              {whenLabel(any, entry.at)}
            </Typography>
          </Stack>
          {entry.changes.length ? (
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 0.5,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
                columnGap: 2,
              }}
            >
              {entry.changes.map((change) => {
                const text = changeLabel(change, words);
                // a field recorded empty on both sides (beside a withdrawal) says nothing
                if (!readsAsChange(text)) return null;
                return (
                  <Box key={change.field} sx={{ display: 'contents' }} data-testid="history-change">
                    <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 0.5, sm: 0 } }}>
                      {fieldLabel(any, change.field)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {'summary' in text ? (
                        text.summary
                      ) : (
                        <>
                          <Box component="span" sx={{ color: 'text.secondary' }} aria-label={t('entry.before')}>
                            {text.before}
                          </Box>
                          <Box component="span" aria-hidden sx={{ mx: 0.5 }}>
                            {ARROW}
                          </Box>
                          <Box component="span" aria-label={t('entry.after')}>
                            {text.after}
                          </Box>
                        </>
                      )}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
          ) : null}
          {entry.reason ? (
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {t('entry.reason', { reason: entry.reason })}
            </Typography>
          ) : null}
        </ListItem>
      ))}
    </List>
  );
}

import { Accordion, AccordionDetails, AccordionSummary, Alert, CircularProgress, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookHistory } from '../../api/history';
import { HistoryEntries } from './history-entries';

/**
 * The 'History' section of a publisher's book edit page (decision 042): closed at first, the
 * book's record asked for only when opened; each change with the form's label of its field.
 */
export function BookHistory({ bookId }: { bookId: number }) {
  const { t } = useTranslation('operatorHistory');
  const [open, setOpen] = useState(false);
  return (
    <Accordion
      expanded={open}
      onChange={(_, expanded) => setOpen(expanded)}
      variant="outlined"
      disableGutters
      sx={{ mt: 2 }}
      data-testid="book-history"
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="book-history-content" id="book-history-header">
        <Typography component="h2" variant="h6">
          {t('book.title')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="book-history-content">{open ? <HistoryBody bookId={bookId} /> : null}</AccordionDetails>
    </Accordion>
  );
}

function HistoryBody({ bookId }: { bookId: number }) {
  const { t } = useTranslation('operatorHistory');
  const query = useBookHistory(bookId);
  if (query.isLoading) return <CircularProgress size={24} aria-label={t('book.title')} />;
  if (query.isError || !query.data) return <Alert severity="error">{t('book.loadError')}</Alert>;
  const { entries } = query.data;
  if (entries.length === 0) return <Typography color="text.secondary">{t('book.empty')}</Typography>;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('book.count', { count: entries.length })}
      </Typography>
      <HistoryEntries entries={entries} />
    </>
  );
}

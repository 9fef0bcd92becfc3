/**
 * The warning before a book is registered whose title and author are close to a book already
 * registered, by any publisher (GET /api/book/similar, decision 044): 'A book with a similar
 * title by the same author is already registered: JSBN … (publisher)', each with a link to its
 * page; registering anyway asks why (new edition, reprint, different book), sent as
 * `duplicate_reason` and kept for the operators.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { DUPLICATE_REASONS, type DuplicateReason, type SimilarBooksReply } from '@jsbn/shared';
import { bookDetailPath } from '../../../lib/paths';

export function SimilarBookDialog({
  matches,
  onCancel,
  onConfirm,
}: {
  matches: SimilarBooksReply['books'] | null;
  onCancel: () => void;
  onConfirm: (reason: DuplicateReason) => void;
}) {
  const { t } = useTranslation('bookForm');
  const [reason, setReason] = useState<DuplicateReason | ''>('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (!reason) return setMissing(true);
    onConfirm(reason);
  };
  return (
    <Dialog open={Boolean(matches?.length)} onClose={onCancel} aria-labelledby="similar-title" maxWidth="sm" fullWidth>
      <DialogTitle id="similar-title">{t('similar.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {(matches ?? []).map((book) => (
            <Alert key={book.id} severity="warning" data-testid="similar-book">
              {t('similar.found', { jsbn: book.jsbn_number, publisher: book.publisher_name })}
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                <Link href={bookDetailPath(book.jsbn_number)} target="_blank" rel="noopener">
                  {[book.book_title, book.book_e_title].filter(Boolean).join(' · ')}
                </Link>
                {book.authors.length ? ` — ${book.authors.join(', ')}` : ''}
                {book.publication_year ? ` (${book.publication_year})` : ''}
              </Typography>
            </Alert>
          ))}
          <FormControl error={missing}>
            <FormLabel id="similar-reason">{t('similar.why')}</FormLabel>
            <RadioGroup
              aria-labelledby="similar-reason"
              value={reason}
              onChange={(event) => {
                setReason(event.target.value as DuplicateReason);
                setMissing(false);
              }}
            >
              {DUPLICATE_REASONS.map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={t(`similar.reasons.${value}`)} />
              ))}
            </RadioGroup>
            {missing ? (
              <Typography variant="caption" color="error" role="alert">
                {t('similar.chooseReason')}
              </Typography>
            ) : null}
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel}>{t('similar.cancel')}</Button>
        <Button variant="contained" onClick={confirm}>
          {t('similar.registerAnyway')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

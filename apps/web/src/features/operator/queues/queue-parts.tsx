/** What the three queue pages share: a book's facts in a card, the date of a row, and the dialog that asks for a note or a reason. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import type { QueueBook } from '@jsbn/shared';
import { bookDetailPath } from '../../../lib/paths';
import { formatDate } from '../../../components/format';

/** A book as the queues show it: titles, authors, publisher, year and JSBN (a link to its page). */
export function QueueBookCard({ book, heading, actions }: { book: QueueBook; heading: string; actions?: ReactNode }) {
  const { t } = useTranslation('operatorQueues');
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary">
        {heading}
      </Typography>
      <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>{book.book_title}</Typography>
      {book.book_e_title && book.book_e_title !== book.book_title ? (
        <Typography sx={{ wordBreak: 'break-word' }}>{book.book_e_title}</Typography>
      ) : null}
      <Typography variant="body2">{t('book.authors', { names: book.authors.join(', ') || '—' })}</Typography>
      <Typography variant="body2">{t('book.publisher', { name: book.publisher_name })}</Typography>
      <Typography variant="body2">{t('book.year', { year: book.publication_year ?? '—' })}</Typography>
      <Typography variant="body2">
        JSBN{' '}
        <Link href={bookDetailPath(book.jsbn_number)} target="_blank" rel="noopener">
          {book.jsbn_number}
        </Link>
      </Typography>
      {book.withdrawn_at ? (
        <Typography variant="body2" color="warning.dark">
          {t('book.withdrawn', { date: formatDate(book.withdrawn_at) })}
        </Typography>
      ) : null}
      {actions ? <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box> : null}
    </Paper>
  );
}

/** The dialog of an answer that needs words (a note, a reason): required, sent with `onSend`. */
export function TextAnswerDialog({
  open,
  title,
  intro,
  label,
  send,
  busy,
  onSend,
  onClose,
}: {
  open: boolean;
  title: string;
  intro?: string;
  label: string;
  send: string;
  busy: boolean;
  onSend: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('operatorQueues');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setText('');
    setMissing(false);
    onClose();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby="answer-title" maxWidth="sm" fullWidth>
      <DialogTitle id="answer-title">{title}</DialogTitle>
      <DialogContent>
        {intro ? <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText> : null}
        <TextField
          label={label}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setMissing(false);
          }}
          required
          multiline
          minRows={3}
          fullWidth
          error={missing}
          helperText={missing ? t('answer.required') : undefined}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('answer.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            if (!text.trim()) return setMissing(true);
            onSend(text.trim());
            setText('');
          }}
        >
          {send}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Shown when a queue is empty. */
export function EmptyQueue({ text }: { text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">{text}</Typography>
    </Paper>
  );
}

/**
 * 'Withdraw or reinstate a book' (decision 043): the operator finds a book by its JSBN and
 * withdraws it (a reason, and the JSBN it duplicates when that is why) or reinstates it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { bookDetailPath } from '../../../../lib/paths';
import { formatDate } from '../../../../components/format';
import { moderation, useOperatorBook } from '../api/moderation-api';
import { ReasonDialog } from './reason-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../../api/query-keys';

export function BookWithdrawal() {
  const { t } = useTranslation('operatorModeration');
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [jsbn, setJsbn] = useState('');
  const [dialog, setDialog] = useState<'withdraw' | 'reinstate' | null>(null);
  const book = useOperatorBook(jsbn);
  const found = book.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.operator.all });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="withdrawal-title">
      <Typography id="withdrawal-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('book.heading')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setJsbn(typed.trim());
        }}
      >
        <TextField
          label={t('book.jsbn')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters' } }}
        />
        <Button type="submit" variant="outlined" sx={{ minHeight: 44 }}>
          {t('book.find')}
        </Button>
      </Stack>
      {book.isError ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('book.notFound', { jsbn })}
        </Alert>
      ) : null}
      {found ? (
        <Box sx={{ mt: 2 }} data-testid="operator-book">
          <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            <Link href={bookDetailPath(found.jsbn_number)} target="_blank" rel="noopener">
              {found.book_title}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            JSBN {found.jsbn_number} · {found.publisher_name}
          </Typography>
          {found.withdrawn_at ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('book.withdrawnOn', { date: formatDate(found.withdrawn_at), reason: found.withdrawn_reason ?? '' })}
              {found.see_jsbn ? ` ${t('book.duplicateOf', { jsbn: found.see_jsbn })}` : ''}
            </Alert>
          ) : null}
          <Box sx={{ mt: 1 }}>
            {found.withdrawn_at ? (
              <Button variant="outlined" onClick={() => setDialog('reinstate')} sx={{ minHeight: 44 }}>
                {t('book.reinstate')}
              </Button>
            ) : (
              <Button variant="contained" color="warning" onClick={() => setDialog('withdraw')} sx={{ minHeight: 44 }}>
                {t('book.withdraw')}
              </Button>
            )}
          </Box>
          <ReasonDialog
            open={dialog === 'withdraw'}
            title={t('book.withdrawTitle', { jsbn: found.jsbn_number })}
            description={t('book.withdrawExplain')}
            label={t('book.reason')}
            extra={{ label: t('book.duplicateJsbn'), helper: t('book.duplicateHelper') }}
            confirm={t('book.withdraw')}
            onClose={() => setDialog(null)}
            onSubmit={async (reason, duplicate) => {
              const reply = await moderation.withdraw(found.id, reason, duplicate);
              await refresh();
              return reply;
            }}
          />
          <ReasonDialog
            open={dialog === 'reinstate'}
            title={t('book.reinstateTitle', { jsbn: found.jsbn_number })}
            label={t('book.reason')}
            confirm={t('book.reinstate')}
            onClose={() => setDialog(null)}
            onSubmit={async (reason) => {
              const reply = await moderation.reinstate(found.id, reason);
              await refresh();
              return reply;
            }}
          />
        </Box>
      ) : null}
    </Paper>
  );
}

/**
 * The operators' question on a publisher's dashboard (decision 043): while its verification is
 * ASKED, the thread (the JSBN team's questions and its answers) and a box to answer. The
 * publisher was also told by e-mail and WhatsApp.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { ApiError, toastSuccess } from '../../../api/client';
import { threadKey, useThreadAnswer, usePublisherThread } from '../api/dashboard-api';
import { formatDate, formatTime } from '../../../components/format';

export function VerificationThread() {
  const { t } = useTranslation('home');
  const queryClient = useQueryClient();
  const thread = usePublisherThread();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useThreadAnswer({
    onSuccess: (reply) => {
      queryClient.setQueryData(threadKey, reply.data);
      setAnswer('');
      setError(null);
      toastSuccess(reply.message, t('verification.sent'));
    },
    onError: (failure) =>
      setError(failure instanceof ApiError ? (failure.details[0]?.message ?? failure.message) : t('verification.failed')),
  });
  const data = thread.data;
  if (!data || data.verification !== 'ASKED' || data.thread.length === 0) return null;
  return (
    <Alert severity="info" data-testid="verification-thread" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle component="h2" sx={{ fontWeight: 700 }}>
        {t('verification.heading')}
      </AlertTitle>
      <Typography sx={{ mb: 1 }}>{t('verification.intro')}</Typography>
      <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.thread.map((message) => (
          <Box
            component="li"
            key={message.id}
            sx={{ borderLeft: 3, borderColor: message.from_role === 'OPERATOR' ? 'info.main' : 'success.main', pl: 1.5 }}
          >
            <Typography variant="caption" color="text.secondary">
              {message.from_role === 'OPERATOR' ? t('verification.fromTeam') : t('verification.fromYou')} · {formatDate(message.created_at)}{' '}
              {formatTime(message.created_at)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.body}</Typography>
          </Box>
        ))}
      </Stack>
      <Box
        component="form"
        noValidate
        sx={{ mt: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate(answer);
        }}
      >
        <TextField
          label={t('verification.answerLabel')}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          required
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ mt: 1, minHeight: 44 }}>
          {t('verification.send')}
        </Button>
      </Box>
    </Alert>
  );
}

/**
 * /operator/messages — e-mails and WhatsApp messages that could not be delivered, and
 * background jobs that failed, oldest first (decision 044); each can be tried again.
 */
import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { LoadingState, PageHeader, Section } from '../../../components/page';
import { formatDate, formatTime } from '../../../components/format';
import { answers, useAnswer, useFailedDeliveries } from './queues-api';
import { EmptyQueue } from './queue-parts';

/** A date and time as the operator reads it, in India's time and the interface language ('03/05/2024 સવારે 07:39'). */
const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** The background queues the page names in words (operatorQueues `messages.queues.*`); another shows its own name. */
const NAMED_QUEUES = ['document', 'orderReminders', 'orderNotices', 'passwordReset', 'duplicateScan'] as const;
const isNamedQueue = (queue: string): queue is (typeof NAMED_QUEUES)[number] => (NAMED_QUEUES as readonly string[]).includes(queue);

export function MessagesPage() {
  const { t } = useTranslation('operatorQueues');
  const failed = useFailedDeliveries();
  const answer = useAnswer('messages');
  const messages = failed.data?.messages ?? [];
  const jobs = failed.data?.jobs ?? [];
  return (
    <Box>
      <PageHeader title={t('messages.title')} subtitle={t('messages.subtitle')} />
      {failed.isLoading ? <LoadingState /> : null}
      <Section title={t('messages.messages')}>
        {messages.length === 0 && !failed.isLoading ? <EmptyQueue text={t('messages.noMessages')} /> : null}
        <Stack spacing={1.5}>
          {messages.map((message) => (
            <Paper key={message.id} variant="outlined" sx={{ p: 1.5 }} data-testid="failed-message">
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Chip size="small" label={t(`channels.${message.channel}`)} />
                <Typography sx={{ fontWeight: 700, wordBreak: 'break-all' }}>{message.recipient}</Typography>
              </Stack>
              <Typography sx={{ mt: 0.5, wordBreak: 'break-word' }}>{message.subject}</Typography>
              <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
                {t('messages.error', { error: message.last_error ?? '—' })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('messages.attempts', { count: message.attempts, when: when(message.updated_at) })}
              </Typography>
              <Button
                variant="outlined"
                sx={{ mt: 1 }}
                disabled={answer.isPending}
                onClick={() => answer.mutate(answers.retryMessage(message.id))}
              >
                {t('messages.retry')}
              </Button>
            </Paper>
          ))}
        </Stack>
      </Section>
      <Section title={t('messages.jobs')}>
        {jobs.length === 0 && !failed.isLoading ? <EmptyQueue text={t('messages.noJobs')} /> : null}
        <Stack spacing={1.5}>
          {jobs.map((job) => (
            <Paper key={job.id} variant="outlined" sx={{ p: 1.5 }} data-testid="failed-job">
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Chip size="small" label={isNamedQueue(job.queue) ? t(`messages.queues.${job.queue}`) : job.queue} />
                <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>{job.about}</Typography>
              </Stack>
              <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
                {t('messages.error', { error: job.last_error ?? '—' })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('messages.attempts', { count: job.attempts, when: when(job.failed_at ?? job.created_at) })}
              </Typography>
              <Button variant="outlined" sx={{ mt: 1 }} disabled={answer.isPending} onClick={() => answer.mutate(answers.retryJob(job.id))}>
                {t('messages.retry')}
              </Button>
            </Paper>
          ))}
        </Stack>
      </Section>
    </Box>
  );
}

/**
 * /operator/reports — reports about books and publishers' withdrawal requests, oldest first
 * (decision 044): corrected (with a note), withdrawn or declined; the reporter and the publisher
 * are told by e-mail.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { BookReportDto } from '@jsbn/shared';
import { LoadingState, PageHeader } from '../../../components/page';
import { formatDate } from '../../../components/format';
import { answers, useAnswer, useBookReports } from './queues-api';
import { EmptyQueue, QueueBookCard, TextAnswerDialog } from './queue-parts';

type Action = 'correct' | 'withdraw' | 'decline';

export function ReportsPage() {
  const { t } = useTranslation('operatorQueues');
  const reports = useBookReports();
  const answer = useAnswer('reports');
  const [answering, setAnswering] = useState<{ report: BookReportDto; action: Action } | null>(null);
  const list = reports.data?.reports ?? [];
  return (
    <Box>
      <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
      {reports.isLoading ? <LoadingState /> : list.length === 0 ? <EmptyQueue text={t('reports.empty')} /> : null}
      <Stack spacing={2}>
        {list.map((report) => (
          <Paper key={report.id} variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="book-report">
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
              <Chip label={t(`kinds.${report.kind}`)} color={report.from_publisher ? 'info' : 'warning'} size="small" />
              <Typography variant="body2" color="text.secondary">
                {t('reports.received', { date: formatDate(report.created_at) })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {report.from_publisher
                  ? t('reports.fromPublisher')
                  : report.reporter_email
                    ? t('reports.from', { email: report.reporter_email })
                    : t('reports.anonymous')}
              </Typography>
            </Stack>
            <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mb: 1.5 }}>{report.reason}</Typography>
            <QueueBookCard book={report.book} heading={t('reports.book')} />
            <Box sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" disabled={answer.isPending} onClick={() => setAnswering({ report, action: 'correct' })}>
                {t('reports.correct')}
              </Button>
              <Button
                variant="outlined"
                color="warning"
                disabled={answer.isPending || Boolean(report.book.withdrawn_at)}
                onClick={() => setAnswering({ report, action: 'withdraw' })}
              >
                {t('reports.withdraw')}
              </Button>
              <Button variant="outlined" disabled={answer.isPending} onClick={() => setAnswering({ report, action: 'decline' })}>
                {t('reports.decline')}
              </Button>
            </Box>
          </Paper>
        ))}
      </Stack>
      <TextAnswerDialog
        open={Boolean(answering)}
        title={answering ? t(`reports.${answering.action}Title`) : ''}
        intro={t('reports.told')}
        label={answering?.action === 'withdraw' ? t('answer.reason') : t('answer.note')}
        send={answering ? t(`reports.${answering.action}`) : ''}
        busy={answer.isPending}
        onClose={() => setAnswering(null)}
        onSend={(text) => {
          if (!answering) return;
          const id = answering.report.id;
          const send = { correct: answers.correctReport, decline: answers.declineReport, withdraw: answers.withdrawReported }[
            answering.action
          ];
          answer.mutate(send(id, text), { onSuccess: () => setAnswering(null) });
        }}
      />
    </Box>
  );
}

/**
 * /operator/duplicates — possible duplicates found at registration, oldest first, both books
 * side by side (decision 044): not a duplicate, or withdraw one pointing to the other.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { DuplicatePairDto } from '@jsbn/shared';
import { LoadingState, PageHeader } from '../../../components/page';
import { formatDate } from '../../../components/format';
import { answers, useAnswer, useDuplicatePairs } from './queues-api';
import { EmptyQueue, QueueBookCard, TextAnswerDialog } from './queue-parts';

export function DuplicatesPage() {
  const { t } = useTranslation('operatorQueues');
  const pairs = useDuplicatePairs();
  const answer = useAnswer('duplicates');
  const [withdrawing, setWithdrawing] = useState<{ pair: DuplicatePairDto; bookId: number; otherJsbn: string } | null>(null);
  const list = pairs.data?.pairs ?? [];
  return (
    <Box>
      <PageHeader title={t('duplicates.title')} subtitle={t('duplicates.subtitle')} />
      {pairs.isLoading ? <LoadingState /> : list.length === 0 ? <EmptyQueue text={t('duplicates.empty')} /> : null}
      <Stack spacing={2}>
        {list.map((pair) => (
          <Paper key={pair.id} variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="duplicate-pair">
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1.5 }}>
              <Chip label={t('duplicates.similarity', { percent: Math.round(pair.similarity * 100) })} color="warning" size="small" />
              <Typography variant="body2" color="text.secondary">
                {t('duplicates.found', { date: formatDate(pair.created_at) })}
              </Typography>
              <Typography variant="body2">
                {pair.publisher_reason
                  ? t('duplicates.reason', { reason: t(`reasons.${pair.publisher_reason}`) })
                  : t('duplicates.noReason')}
              </Typography>
            </Stack>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
              {/* each book with the withdrawal that points to the other */}
              {(
                [
                  [pair.book, pair.other, t('duplicates.newBook')],
                  [pair.other, pair.book, t('duplicates.existingBook')],
                ] as const
              ).map(([book, other, heading]) => (
                <QueueBookCard
                  key={book.id}
                  book={book}
                  heading={heading}
                  actions={
                    <Button
                      color="warning"
                      variant="outlined"
                      disabled={answer.isPending}
                      onClick={() => setWithdrawing({ pair, bookId: book.id, otherJsbn: other.jsbn_number })}
                    >
                      {t('duplicates.withdrawThis')}
                    </Button>
                  }
                />
              ))}
            </Box>
            <Box sx={{ mt: 1.5 }}>
              <Button variant="contained" disabled={answer.isPending} onClick={() => answer.mutate(answers.notDuplicate(pair.id))}>
                {t('duplicates.notDuplicate')}
              </Button>
            </Box>
          </Paper>
        ))}
      </Stack>
      <TextAnswerDialog
        open={Boolean(withdrawing)}
        title={t('duplicates.withdrawTitle')}
        intro={withdrawing ? t('duplicates.withdrawIntro', { jsbn: withdrawing.otherJsbn }) : undefined}
        label={t('answer.reason')}
        send={t('duplicates.withdraw')}
        busy={answer.isPending}
        onClose={() => setWithdrawing(null)}
        onSend={(reason) => {
          if (!withdrawing) return;
          answer.mutate(answers.withdrawDuplicate(withdrawing.pair.id, withdrawing.bookId, reason), {
            onSuccess: () => setWithdrawing(null),
          });
        }}
      />
    </Box>
  );
}

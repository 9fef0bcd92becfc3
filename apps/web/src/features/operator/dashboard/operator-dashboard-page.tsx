import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { OPERATOR_QUEUES, type OperatorDashboard, type OperatorQueue } from '@jsbn/shared';
import { LoadingState, PageHeader } from '../../../components/page';
import { currentLanguage } from '../../../i18n';
import { operatorPaths } from '../nav';
import { useOperatorDashboard } from './dashboard-api';

/** The page each tile leads to. */
const QUEUE_PAGES: Record<OperatorQueue, string> = {
  publishers: operatorPaths.publishers,
  claims: operatorPaths.claims,
  reports: operatorPaths.reports,
  duplicates: operatorPaths.duplicates,
  failures: operatorPaths.messages,
};

/** `seconds` ago in words of `lng` ('3 days ago', '3 દિવસ પહેલાં'), in minutes, hours or days. */
export function ageInWords(seconds: number, lng: string): string {
  const format = new Intl.RelativeTimeFormat(lng, { numeric: 'auto' });
  if (seconds < 3600) return format.format(-Math.max(1, Math.floor(seconds / 60)), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}

/** One queue's tile: its name, how many wait and since when, or 'Nothing waiting'; it leads to its page. */
function QueueTile({ queue, data }: { queue: OperatorQueue; data: OperatorDashboard }) {
  const { t, i18n } = useTranslation('operator');
  const value = data[queue];
  const waiting = value.count > 0;
  return (
    <Card variant="outlined" sx={{ borderLeft: 4, borderLeftColor: waiting ? 'warning.main' : 'success.main' }}>
      <CardActionArea component={RouterLink} to={QUEUE_PAGES[queue]} data-testid={`queue-${queue}`} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t(`dashboard.queues.${queue}`)}
          </Typography>
          <Typography variant="h3" component="p" sx={{ fontWeight: 700, my: 0.5 }} data-testid={`count-${queue}`}>
            {value.count}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {waiting && value.oldestAgeSeconds !== null
              ? t('dashboard.oldest', { age: ageInWords(value.oldestAgeSeconds, currentLanguage(i18n)) })
              : t('dashboard.empty')}
          </Typography>
          {queue === 'failures' && waiting ? (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.failuresSplit', { messages: data.failures.undeliveredMessages, jobs: data.failures.failedJobs })}
            </Typography>
          ) : null}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /operator — the back office's dashboard (decision 041): the five queues, each tile leading to its page. */
export function OperatorDashboardPage() {
  const { t } = useTranslation('operator');
  const dashboard = useOperatorDashboard();
  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      {dashboard.data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {OPERATOR_QUEUES.map((queue) => (
            <QueueTile key={queue} queue={queue} data={dashboard.data} />
          ))}
        </Box>
      ) : dashboard.isError ? (
        <Typography color="error">{t('dashboard.failed')}</Typography>
      ) : (
        <LoadingState />
      )}
    </>
  );
}

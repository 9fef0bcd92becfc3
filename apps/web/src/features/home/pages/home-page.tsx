import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Card, CardContent, Link, Paper, Stack, Typography } from '@mui/material';
import type { CurrentUser } from '@jsbn/shared';
import { useSession } from '../../../api/session';
import { paths } from '../../../lib/paths';
import { useDashboard } from '../api/dashboard-api';
import { AnimatedCount } from '../components/animated-count';
import { Landing } from '../components/landing';
import { VerificationThread } from '../components/verification-thread';

function Count({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Box sx={{ textAlign: 'center', p: 1 }}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 800, color: 'primary.main' }}>
        <AnimatedCount value={value ?? 0} testId={testId} />
      </Typography>
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

function Dashboard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('home');
  const dashboard = useDashboard(`${user.modelType}:${user.id}`);
  const data = dashboard.data;
  const isLibrary = user.modelType === 'LIBRARY';
  const platform = [
    { key: 'publisherCount', label: t('dashboard.publishers'), value: data?.commonDashboard.publisherCount },
    { key: 'libraryCount', label: t('dashboard.libraries'), value: data?.commonDashboard.libraryCount },
  ];
  if (!isLibrary) platform.reverse();
  platform.push({ key: 'bookCount', label: t('dashboard.books'), value: data?.commonDashboard.bookCount });

  return (
    <Stack spacing={3}>
      <Paper sx={{ p: { xs: 3, md: 4 }, color: 'common.white', background: 'linear-gradient(120deg, #c43e0f 0%, #8d2c0a 100%)' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, md: 34 } }}>
          {t('dashboard.welcome', { name: user.name })}
        </Typography>
        <Typography sx={{ mt: 1 }}>{isLibrary ? t('dashboard.libraryIntro') : t('dashboard.publisherIntro')}</Typography>
      </Paper>
      {isLibrary ? null : <VerificationThread />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              {t('dashboard.overview')}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
              {platform.map((item) => (
                <Count key={item.key} label={item.label} value={item.value} testId={`dashboard-${item.key}`} />
              ))}
            </Box>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              {t('dashboard.statistics')}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1 }}>
              <Count
                label={isLibrary ? t('dashboard.orderedBooks') : t('dashboard.pendingBooks')}
                value={data?.requestedOrderBook}
                testId="dashboard-requestedOrderBook"
              />
              <Count label={t('dashboard.preparingBooks')} value={data?.pendingOrderBook} testId="dashboard-pendingOrderBook" />
              <Count label={t('dashboard.inTransit')} value={data?.dispatchedOrderBook} testId="dashboard-dispatchedOrderBook" />
              <Count label={t('dashboard.delivered')} value={data?.completedOrderBook} testId="dashboard-completedOrderBook" />
            </Box>
            <Box sx={{ textAlign: 'right', mt: 1 }}>
              <Link component={RouterLink} to={isLibrary ? paths.orders : paths.bookedOrders}>
                {t('dashboard.viewOrders')}
              </Link>
            </Box>
          </CardContent>
        </Card>
      </Box>
    </Stack>
  );
}

/** '/' — the landing page for visitors, the dashboard for a logged-in user. */
export function HomePage() {
  const { isLoggedIn, user } = useSession();
  return isLoggedIn && user ? <Dashboard user={user} /> : <Landing />;
}

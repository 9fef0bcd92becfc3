import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Link, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { CurrentUser } from '@jsbn/shared';
import { useSession } from '../../../api/session';
import { paths } from '../../../lib/paths';
import { useDashboard, usePublisherThread } from '../api/dashboard-api';
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

/**
 * A publisher's next step: registering its first book (a card that says what happens) or, once it
 * has books, one more; and while the JSBN team has not reviewed the account, what that means and
 * what the team may ask (decision 043's verification, made visible).
 */
function PublisherNextSteps({ myBookCount }: { myBookCount: number | null | undefined }) {
  const { t } = useTranslation('home');
  const thread = usePublisherThread();
  const waiting = thread.data?.verification === 'NEW';
  return (
    <>
      {waiting ? (
        <Alert severity="info" data-testid="verification-waiting">
          <AlertTitle component="h2" sx={{ fontWeight: 700 }}>
            {t('dashboard.waitingReview')}
          </AlertTitle>
          {t('dashboard.waitingReviewText')}
        </Alert>
      ) : null}
      {myBookCount === 0 ? (
        <Card variant="outlined" sx={{ borderColor: 'primary.main', borderWidth: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {t('dashboard.firstBook')}
            </Typography>
            <Typography sx={{ mt: 1, mb: 2 }}>{t('dashboard.firstBookText')}</Typography>
            <Button component={RouterLink} to={paths.newBookReg} variant="contained" size="large" startIcon={<AddIcon />}>
              {t('dashboard.firstBook')}
            </Button>
          </CardContent>
        </Card>
      ) : null}
    </>
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
        {isLibrary || !data?.myBookCount ? null : (
          <Button
            component={RouterLink}
            to={paths.newBookReg}
            variant="contained"
            color="inherit"
            startIcon={<AddIcon />}
            sx={{ mt: 2, color: 'primary.dark', bgcolor: 'common.white' }}
          >
            {t('dashboard.registerBook')}
          </Button>
        )}
      </Paper>
      {isLibrary ? null : <PublisherNextSteps myBookCount={data?.myBookCount} />}
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

import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, CardContent, Link, Paper, Stack, Typography } from '@mui/material';
import type { CurrentUser } from '@jsbn/shared';
import { useSession } from '../../../api/session';
import { paths } from '../../../app/paths';
import { useDashboard } from '../api/dashboard-api';
import { AnimatedCount } from '../components/animated-count';

const PUBLISHER_STEPS = [
  'Register and log in as a publisher.',
  'Fill in the details of your book.',
  'Submit and get the JSBN and QR code at once.',
  'Download the QR code and print it on the back cover.',
];
const LIBRARY_STEPS = [
  'Register and log in as a library.',
  'Select books and order them.',
  'The publisher is notified at once.',
  'The publisher sends the books.',
  'Confirm that you received them.',
];
const FEATURES = ['Streamlined Book Order Management', 'Digital communication driven technology', 'Easy to use'];

function Guide({ title, steps }: { title: string; steps: string[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
        {title}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
        {steps.map((step) => (
          <li key={step}>
            <Typography>{step}</Typography>
          </li>
        ))}
      </Box>
    </Paper>
  );
}

function Landing() {
  return (
    <Stack spacing={4}>
      <Paper
        sx={{
          p: { xs: 3, md: 6 },
          color: 'common.white',
          background: 'linear-gradient(120deg, #e64a19 0%, #bf360c 60%, #5d4037 100%)',
        }}
      >
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 30, md: 44 }, mb: 2 }}>
          JSBN — Jain Standard Book Number
        </Typography>
        <Typography sx={{ fontSize: { xs: 16, md: 20 }, mb: 3, maxWidth: 820 }}>
          A listing of publishers and libraries (Gyan Bhandars) for each other, with digital communication: publishers get a
          unique JSBN and QR code for every book, free of charge; libraries find books and order them.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" color="inherit" sx={{ color: 'primary.main' }} component={RouterLink} to={paths.publisherRegister}>
            Register as Publisher
          </Button>
          <Button variant="contained" color="inherit" sx={{ color: 'primary.main' }} component={RouterLink} to={paths.libraryRegister}>
            Register as Library
          </Button>
          <Button variant="outlined" color="inherit" component={RouterLink} to={paths.searchBook}>
            Search a Book
          </Button>
        </Stack>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {FEATURES.map((feature) => (
          <Paper key={feature} variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 700 }}>{feature}</Typography>
          </Paper>
        ))}
      </Box>
      <Box id="about" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Guide title="How a publisher gets a JSBN" steps={PUBLISHER_STEPS} />
        <Guide title="How a library orders books" steps={LIBRARY_STEPS} />
      </Box>
    </Stack>
  );
}

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
  const dashboard = useDashboard(`${user.modelType}:${user.id}`);
  const data = dashboard.data;
  const isLibrary = user.modelType === 'LIBRARY';
  const platform = [
    { key: 'publisherCount', label: 'Publishers', value: data?.commonDashboard.publisherCount },
    { key: 'libraryCount', label: 'Libraries', value: data?.commonDashboard.libraryCount },
  ];
  if (!isLibrary) platform.reverse();
  platform.push({ key: 'bookCount', label: 'Books', value: data?.commonDashboard.bookCount });

  return (
    <Stack spacing={3}>
      <Paper sx={{ p: { xs: 3, md: 4 }, color: 'common.white', background: 'linear-gradient(120deg, #e64a19 0%, #bf360c 100%)' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, md: 34 } }}>
          Welcome, {user.name}
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {isLibrary ? 'Find books from Jain publishers and order them for your Gyan Bhandar.' : 'Register your books, get JSBN and QR codes, and handle the orders you receive.'}
        </Typography>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              JSBN Platform Overview
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
              My Order Statistics
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
              <Count label={isLibrary ? 'Ordered books' : 'Pending books'} value={data?.requestedOrderBook} testId="dashboard-requestedOrderBook" />
              <Count label="Preparing books" value={data?.pendingOrderBook} testId="dashboard-pendingOrderBook" />
              <Count label="Delivered books" value={data?.completedOrderBook} testId="dashboard-completedOrderBook" />
            </Box>
            <Box sx={{ textAlign: 'right', mt: 1 }}>
              <Link component={RouterLink} to={isLibrary ? paths.orders : paths.bookedOrders}>
                View order details
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

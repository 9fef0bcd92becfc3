/** The landing page for visitors (spec accounts §1). */
import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, CardContent, Paper, Stack, Typography } from '@mui/material';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import ForumIcon from '@mui/icons-material/Forum';
import TouchAppIcon from '@mui/icons-material/TouchApp';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import type { SiteInfo } from '@jsbn/shared';
import { useSiteInfo } from '../../../api/site';
import { OfflineForms } from '../../../components/offline-forms';
import { visuallyHidden } from '../../../components/page';
import { paths } from '../../../app/paths';
import { HeroCarousel } from './hero-carousel';

/** The four-step publisher guide and the five-step library guide (spec accounts §1). */
export const PUBLISHER_STEPS = [
  'Register and log in.',
  'Fill in the book details.',
  'Submit and get the QR code at once.',
  'Download the QR code and print it.',
];
export const LIBRARY_STEPS = [
  'Register and log in.',
  'Select and order books.',
  'The publisher is notified at once.',
  'The publisher sends the books.',
  'Confirm receipt of the books.',
];

const FEATURES = [
  {
    title: 'Streamlined Book Order Management',
    text: 'Orders move from requested to preparing, dispatched and delivered, and both sides see every step.',
    Icon: AssignmentTurnedInIcon,
  },
  {
    title: 'Digital communication driven technology',
    text: 'Publishers hear of an order at once; order letters and dispatch details travel digitally.',
    Icon: ForumIcon,
  },
  {
    title: 'Easy to use',
    text: 'A JSBN and QR code in a few minutes, and books ordered in a few clicks — on a phone or a computer.',
    Icon: TouchAppIcon,
  },
];

/** Shown while the site settings load or when they cannot be read. */
const DEFAULT_VIDEOS: SiteInfo['videos'] = [
  { key: 'get-jsbn', title: 'How to get a JSBN for a book', url: null },
  { key: 'order-book', title: 'How a library orders a book', url: null },
  { key: 'jsbn-more', title: 'More on getting a JSBN', url: null },
];

function Guide({ title, steps, testId }: { title: string; steps: string[]; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, height: '100%' }} data-testid={testId}>
      <Typography variant="h6" component="h3" sx={{ mb: 2, fontWeight: 700 }}>
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

function HowToVideos() {
  const site = useSiteInfo();
  const videos = site.data?.videos?.length ? site.data.videos : DEFAULT_VIDEOS;
  return (
    <Box component="section" aria-labelledby="videos-title">
      <Typography id="videos-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        How-to videos
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {videos.map((video) => (
          <Card key={video.key} variant="outlined" data-testid={`video-card-${video.key}`}>
            {video.url ? (
              <Box component="video" controls preload="metadata" src={video.url} aria-label={video.title} sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black' }} />
            ) : (
              <Stack
                sx={{ aspectRatio: '16 / 9', bgcolor: '#efe7e3', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}
                spacing={1}
                data-testid="video-placeholder"
              >
                <OndemandVideoIcon sx={{ fontSize: 48 }} aria-hidden />
                <Typography sx={{ fontWeight: 600 }}>Video coming soon</Typography>
              </Stack>
            )}
            <CardContent>
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                {video.title}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

export function Landing() {
  return (
    <Stack spacing={5}>
      <Typography component="h1" sx={visuallyHidden}>
        JSBN — Jain Standard Book Number
      </Typography>
      <HeroCarousel />
      <Box component="section" aria-labelledby="features-title">
        <Typography id="features-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Why JSBN
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {FEATURES.map(({ title, text, Icon }) => (
            <Paper key={title} variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
              <Icon sx={{ fontSize: 40, color: 'primary.main', mb: 1 }} aria-hidden />
              <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {title}
              </Typography>
              <Typography color="text.secondary">{text}</Typography>
            </Paper>
          ))}
        </Box>
      </Box>
      <Box component="section" id="about" aria-labelledby="about-title" sx={{ scrollMarginTop: 80 }}>
        <Typography id="about-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          About JSBN
        </Typography>
        <Typography sx={{ mb: 2, maxWidth: 900 }}>
          JSBN gives publishers of Jain books and libraries (Gyan Bhandars) a listing of each other and digital communication:
          publishers register their books and receive a unique JSBN with a QR code to print on the back cover, free of charge;
          libraries find those books, order them from the publishers, receive them and confirm delivery.
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Guide title="How a publisher gets a JSBN — 4 steps" steps={PUBLISHER_STEPS} testId="publisher-guide" />
          <Guide title="How a library orders books — 5 steps" steps={LIBRARY_STEPS} testId="library-guide" />
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" component={RouterLink} to={paths.publisherRegister}>
            Register as Publisher
          </Button>
          <Button variant="contained" component={RouterLink} to={paths.libraryRegister}>
            Register as Library
          </Button>
          <Button variant="outlined" component={RouterLink} to={paths.searchBook}>
            Search a Book
          </Button>
        </Stack>
      </Box>
      <HowToVideos />
      <OfflineForms />
    </Stack>
  );
}

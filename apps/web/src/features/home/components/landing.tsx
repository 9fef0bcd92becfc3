/** The landing page for visitors. */
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Box, Button, Card, CardContent, Paper, Stack, Typography } from '@mui/material';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import ForumIcon from '@mui/icons-material/Forum';
import TouchAppIcon from '@mui/icons-material/TouchApp';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import type { SiteInfo } from '@jsbn/shared';
import { useSiteInfo } from '../../../api/site';
import { OfflineForms } from '../../../components/offline-forms';
import { visuallyHidden } from '../../../components/page';
import { paths } from '../../../lib/paths';
import { HeroCarousel } from './hero-carousel';

/** The four-step publisher guide and the five-step library guide: keys of `landing.*Steps`. */
const PUBLISHER_STEPS = ['1', '2', '3', '4'] as const;
const LIBRARY_STEPS = ['1', '2', '3', '4', '5'] as const;

const FEATURES = [
  { key: 'orders', Icon: AssignmentTurnedInIcon },
  { key: 'digital', Icon: ForumIcon },
  { key: 'easy', Icon: TouchAppIcon },
] as const;

/** The how-to videos' titles in the interface language, by the site's video keys (GET /api/site gives them in English). */
const VIDEO_TITLES = {
  'get-jsbn': 'landing.defaultVideos.getJsbn',
  'order-book': 'landing.defaultVideos.orderBook',
  'jsbn-more': 'landing.defaultVideos.jsbnMore',
} as const satisfies Record<SiteInfo['videos'][number]['key'], string>;
const videoTitle = (video: SiteInfo['videos'][number], t: TFunction<'home'>) => t(VIDEO_TITLES[video.key]);

/** Shown while the site settings load or when they cannot be read. */
const DEFAULT_VIDEOS: SiteInfo['videos'] = (Object.keys(VIDEO_TITLES) as SiteInfo['videos'][number]['key'][]).map((key) => ({
  key,
  title: '',
  url: null,
}));

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
  const { t } = useTranslation('home');
  const site = useSiteInfo();
  const videos = site.data?.videos?.length ? site.data.videos : DEFAULT_VIDEOS;
  return (
    <Box component="section" aria-labelledby="videos-title">
      <Typography id="videos-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('landing.videos')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {videos.map((video) => (
          <Card key={video.key} variant="outlined" data-testid={`video-card-${video.key}`}>
            {video.url ? (
              <Box
                component="video"
                controls
                preload="metadata"
                src={video.url}
                aria-label={videoTitle(video, t)}
                sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black' }}
              />
            ) : (
              <Stack
                sx={{ aspectRatio: '16 / 9', bgcolor: '#efe7e3', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}
                spacing={1}
                data-testid="video-placeholder"
              >
                <OndemandVideoIcon sx={{ fontSize: 48 }} aria-hidden />
                <Typography sx={{ fontWeight: 600 }}>{t('landing.videoSoon')}</Typography>
              </Stack>
            )}
            <CardContent>
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                {videoTitle(video, t)}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

export function Landing() {
  const { t } = useTranslation('home');
  return (
    <Stack spacing={5}>
      <Typography component="h1" sx={visuallyHidden}>
        {t('landing.heading')}
      </Typography>
      <HeroCarousel />
      <Box component="section" aria-labelledby="features-title">
        <Typography id="features-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('landing.why')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {FEATURES.map(({ key, Icon }) => (
            <Paper key={key} variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
              <Icon sx={{ fontSize: 40, color: 'primary.main', mb: 1 }} aria-hidden />
              <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {t(`landing.features.${key}.title`)}
              </Typography>
              <Typography color="text.secondary">{t(`landing.features.${key}.text`)}</Typography>
            </Paper>
          ))}
        </Box>
      </Box>
      <Box component="section" id="about" aria-labelledby="about-title" sx={{ scrollMarginTop: 80 }}>
        <Typography id="about-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('landing.about')}
        </Typography>
        <Typography sx={{ mb: 2, maxWidth: 900 }}>{t('landing.aboutText')}</Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Guide
            title={t('landing.publisherGuide')}
            steps={PUBLISHER_STEPS.map((step) => t(`landing.publisherSteps.${step}`))}
            testId="publisher-guide"
          />
          <Guide
            title={t('landing.libraryGuide')}
            steps={LIBRARY_STEPS.map((step) => t(`landing.librarySteps.${step}`))}
            testId="library-guide"
          />
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" component={RouterLink} to={paths.publisherRegister}>
            {t('landing.registerPublisher')}
          </Button>
          <Button variant="contained" component={RouterLink} to={paths.libraryRegister}>
            {t('landing.registerLibrary')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={paths.searchBook}>
            {t('landing.searchBook')}
          </Button>
        </Stack>
      </Box>
      <HowToVideos />
      <OfflineForms />
    </Stack>
  );
}

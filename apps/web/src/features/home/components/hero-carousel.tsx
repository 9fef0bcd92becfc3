/**
 * The landing page's hero carousel: three slides advancing every
 * HERO_DELAY_MS with a Know More button to /about. It pauses while hovered or focused, can be
 * paused by the user, and does not move by itself for users who prefer reduced motion.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { HERO_DELAY_MS } from '@jsbn/shared/core';
import { paths } from '../../../lib/paths';

/** The slides: their text is `hero.slides.<key>` of the home catalogue. */
const SLIDES = [
  { key: '1', background: 'linear-gradient(120deg, #c43e0f 0%, #9a2f0a 60%, #5d4037 100%)' },
  { key: '2', background: 'linear-gradient(120deg, #5d4037 0%, #8d2c0a 60%, #b23a0e 100%)' },
  { key: '3', background: 'linear-gradient(120deg, #8d2c0a 0%, #b23a0e 50%, #5d4037 100%)' },
] as const;

function prefersReducedMotion() {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
}

export function HeroCarousel() {
  const { t } = useTranslation(['home', 'common']);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const running = !paused && !hovered;

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % SLIDES.length), HERO_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [running, index]);

  const go = (next: number) => setIndex((next + SLIDES.length) % SLIDES.length);

  return (
    <Box
      component="section"
      aria-roledescription={t('carousel.role', { ns: 'common' })}
      aria-label={t('hero.label')}
      data-testid="hero-carousel"
      data-slide={index}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', color: 'common.white' }}
    >
      <Box aria-live={running ? 'off' : 'polite'}>
        {SLIDES.map((slide, slideIndex) => (
          <Box
            key={slide.key}
            role="group"
            aria-roledescription={t('carousel.slide', { ns: 'common' })}
            aria-label={t('carousel.slideOf', { ns: 'common', index: slideIndex + 1, count: SLIDES.length })}
            hidden={slideIndex !== index}
            sx={{
              background: slide.background,
              minHeight: { xs: 300, md: 340 },
              px: { xs: 3, md: 8 },
              pt: { xs: 4, md: 6 },
              pb: { xs: 9, md: 9 },
              '@media (prefers-reduced-motion: no-preference)': { animation: 'heroFade 600ms ease' },
              '@keyframes heroFade': { from: { opacity: 0.4 }, to: { opacity: 1 } },
            }}
          >
            <Typography variant="h3" component="h2" sx={{ fontWeight: 800, fontSize: { xs: 28, md: 42 }, mb: 2 }}>
              {t(`hero.slides.${slide.key}.title`)}
            </Typography>
            <Typography sx={{ fontSize: { xs: 16, md: 20 }, mb: 3, maxWidth: 820 }}>{t(`hero.slides.${slide.key}.text`)}</Typography>
            <Button
              variant="contained"
              color="inherit"
              sx={{ color: 'primary.dark', bgcolor: 'common.white' }}
              component={RouterLink}
              to={paths.about}
            >
              {t('hero.knowMore')}
            </Button>
          </Box>
        ))}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ position: 'absolute', bottom: 12, left: 0, right: 0, justifyContent: 'center', alignItems: 'center' }}
      >
        <IconButton size="small" color="inherit" aria-label={t('hero.previous')} onClick={() => go(index - 1)}>
          <ChevronLeft />
        </IconButton>
        {SLIDES.map((slide, slideIndex) => (
          <Box
            key={slide.key}
            component="button"
            type="button"
            aria-label={t('hero.showSlide', { index: slideIndex + 1 })}
            aria-current={slideIndex === index ? 'true' : undefined}
            onClick={() => go(slideIndex)}
            sx={{
              width: 24,
              height: 24,
              p: 0,
              border: 0,
              cursor: 'pointer',
              bgcolor: 'transparent',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              '&::after': {
                content: '""',
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: slideIndex === index ? 'common.white' : 'rgba(255,255,255,0.5)',
              },
            }}
          />
        ))}
        <IconButton size="small" color="inherit" aria-label={t('hero.next')} onClick={() => go(index + 1)}>
          <ChevronRight />
        </IconButton>
        <IconButton
          size="small"
          color="inherit"
          aria-label={paused ? t('hero.play') : t('hero.pause')}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? <PlayArrowIcon /> : <PauseIcon />}
        </IconButton>
      </Stack>
    </Box>
  );
}

import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MSG } from '@jsbn/shared/core';
import { useMessages } from '../i18n';
import { paths } from '../lib/paths';

/**
 * Page heading with an optional subtitle and actions on the right. The actions line up with the
 * title's first line (by baseline), so a status growing below them (the catalogue's progress)
 * does not move the title.
 */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'baseline' } }}
    >
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="subtitle1" component="p" color="text.secondary">
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? (
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}

export function Section({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
      {title ? (
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

export function LoadingState({ label }: { label?: string }) {
  const message = useMessages();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }} role="status">
      <CircularProgress size={24} />
      <Typography>{label ?? message(MSG.loading)}</Typography>
    </Stack>
  );
}

/**
 * A whole-page message with a way home: the 404 and 503 pages and the page shown when a page
 * fails (`components/route-error.tsx`). Part of the first load, so it shows even when a page's own
 * chunk cannot be loaded.
 */
export function MessagePage({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', maxWidth: 520 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography sx={{ mb: 3 }}>{text}</Typography>
        <Button variant="contained" component={RouterLink} to={paths.home}>
          {t('pages.goHome')}
        </Button>
      </Paper>
    </Box>
  );
}

/** Hidden on screen, read by assistive technology. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

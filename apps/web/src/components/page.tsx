import type { ReactNode } from 'react';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { MSG } from '@jsbn/shared/core';

/** Page heading with an optional subtitle and actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
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
      {actions ? <Stack direction="row" spacing={1}>{actions}</Stack> : null}
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

export function LoadingState({ label = MSG.loading }: { label?: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }} role="status">
      <CircularProgress size={24} />
      <Typography>{label}</Typography>
    </Stack>
  );
}

/** For pages that belong to later issues. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Box sx={{ py: 4 }}>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography>This page is coming soon.</Typography>
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

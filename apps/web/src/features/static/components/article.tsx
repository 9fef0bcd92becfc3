import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { PageHeader } from '../../../components/page';

/** A static text page: a title and sections of prose. */
export function Article({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, md: 4 }, '& h2': { mt: 3, mb: 1 }, '& h2:first-of-type': { mt: 0 }, '& p': { mb: 1.5 }, maxWidth: 960 }}
      >
        {children}
      </Paper>
    </Box>
  );
}

export function H2({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
      {children}
    </Typography>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Typography>{children}</Typography>;
}

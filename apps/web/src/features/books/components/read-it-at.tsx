import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { nearestFirst, placeLine } from '@jsbn/shared/core';
import type { ReadAtLibrary } from '@jsbn/shared';
import { libraryHoldingsPath } from '../../../lib/paths';
import { TAP_LINK, TAP_PX } from '../../../lib/theme';

/** The query parameter of the place a reader chose ('nearest first'). */
const NEAR = 'near';

/**
 * 'Read it at' on a book's page (decision 077): the libraries that show their holdings and have a
 * copy on their shelves, with address, contact and opening hours, nearest first to the city,
 * state or PIN code the reader typed (a plain form: `?near=`, no location asked; the server
 * renders and caches the page of each place). Nothing when no library shows a copy.
 */
export function ReadItAt({ libraries }: { libraries: ReadAtLibrary[] }) {
  const { t } = useTranslation('books');
  const [search] = useSearchParams();
  const near = search.get(NEAR) ?? '';
  if (libraries.length === 0) return null;
  const ordered = nearestFirst(libraries, near);
  return (
    <Box component="section" aria-labelledby="read-it-at-title" data-testid="read-it-at" sx={{ mt: 4 }}>
      <Typography id="read-it-at-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('readAt.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('readAt.subtitle', { count: libraries.length })}
      </Typography>
      <Box component="form" method="get" role="search" sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            name={NEAR}
            size="small"
            label={t('readAt.near')}
            defaultValue={near}
            helperText={t('readAt.nearHelp')}
            sx={{ width: { xs: '100%', sm: 360 } }}
          />
          <Button
            type="submit"
            variant="outlined"
            sx={{ minHeight: TAP_PX, whiteSpace: 'nowrap', alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
          >
            {t('readAt.sort')}
          </Button>
        </Stack>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {ordered.map((library) => (
          <Paper key={library.id} variant="outlined" sx={{ p: 2 }} data-testid="read-at-library">
            <Link component={RouterLink} to={libraryHoldingsPath(library.id)} sx={{ ...TAP_LINK, fontWeight: 700, fontSize: '1.05rem' }}>
              {library.name}
            </Link>
            <Typography sx={{ mt: 0.5 }}>{placeLine(library)}</Typography>
            <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
              {t('readAt.copies', { count: library.copies })}
            </Typography>
            {library.opening_hours ? (
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
                {t('readAt.open', { hours: library.opening_hours })}
              </Typography>
            ) : null}
            <Link
              href={`tel:${library.mobile_no}`}
              sx={{ ...TAP_LINK, mt: 0.5, display: 'inline-flex', minHeight: TAP_PX, alignItems: 'center' }}
            >
              {t('readAt.call', { phone: library.mobile_no })}
            </Link>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

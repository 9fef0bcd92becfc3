/** The downloadable offline forms (README.md): each as a Word file and a PDF. */
import { useTranslation } from 'react-i18next';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import DescriptionIcon from '@mui/icons-material/Description';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { documentEndpoints } from '@jsbn/shared/core';
import type { InterfaceLanguage } from '@jsbn/shared/core';
import { endpointUrl } from '../api/client';

export const OFFLINE_FORMS = [
  { key: 'book-form-gu', title: 'bookFormGu', lang: 'gu' },
  { key: 'book-form-hi', title: 'bookFormHi', lang: 'hi' },
  { key: 'book-form-en', title: 'bookFormEn', lang: 'en' },
  { key: 'publisher-registration', title: 'publisherRegistration', lang: 'en' },
] as const;

export const offlineFormUrl = (form: string, format: 'docx' | 'pdf') =>
  endpointUrl(documentEndpoints.offlineForm, { params: { form, format } });

/**
 * The book form's guide for a reader of `language`: the printable book form (PDF) in that
 * language, with its `lang` for the link.
 */
export const bookFormGuide = (language: InterfaceLanguage) => ({ url: offlineFormUrl(`book-form-${language}`, 'pdf'), lang: language });

export function OfflineForms({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="offline-forms-title">
      <Typography id="offline-forms-title" variant="h5" component={headingLevel} sx={{ fontWeight: 700, mb: 1 }}>
        {t('offlineForms.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('offlineForms.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
        {OFFLINE_FORMS.map((form) => (
          <Paper key={form.key} variant="outlined" sx={{ p: 2 }} data-testid={`offline-form-${form.key}`}>
            <Typography sx={{ fontWeight: 700, mb: 1.5 }}>{t(`offlineForms.${form.title}`)}</Typography>
            <Stack direction="row" spacing={1}>
              <Button
                variant="outlined"
                size="small"
                startIcon={<DescriptionIcon />}
                href={offlineFormUrl(form.key, 'docx')}
                download
                aria-label={t('offlineForms.word', { form: t(`offlineForms.${form.title}`) })}
              >
                Word
              </Button>
              <Button
                variant="outlined"
                size="small"
                startIcon={<PictureAsPdfIcon />}
                href={offlineFormUrl(form.key, 'pdf')}
                download
                aria-label={t('offlineForms.pdf', { form: t(`offlineForms.${form.title}`) })}
              >
                PDF
              </Button>
            </Stack>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

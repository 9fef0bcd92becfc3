/** The downloadable offline forms (spec accounts §1): each as a Word file and a PDF. */
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import DescriptionIcon from '@mui/icons-material/Description';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { apiUrl } from '../api/client';

export const OFFLINE_FORMS = [
  { key: 'book-form-gu', title: 'Book form (Gujarati)', lang: 'gu' },
  { key: 'book-form-en', title: 'Book form (English)', lang: 'en' },
  { key: 'publisher-registration', title: 'Publisher registration form', lang: 'en' },
] as const;

export const offlineFormUrl = (form: string, format: 'docx' | 'pdf') => apiUrl(`/documents/forms/${form}.${format}`);

export function OfflineForms({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <Box component="section" aria-labelledby="offline-forms-title">
      <Typography id="offline-forms-title" variant="h5" component={headingLevel} sx={{ fontWeight: 700, mb: 1 }}>
        Offline forms
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Prefer paper? Download a form, fill it in and send it to support; we enter the details for you.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {OFFLINE_FORMS.map((form) => (
          <Paper key={form.key} variant="outlined" sx={{ p: 2 }} data-testid={`offline-form-${form.key}`}>
            <Typography sx={{ fontWeight: 700, mb: 1.5 }}>{form.title}</Typography>
            <Stack direction="row" spacing={1}>
              <Button
                variant="outlined"
                size="small"
                startIcon={<DescriptionIcon />}
                href={offlineFormUrl(form.key, 'docx')}
                download
                aria-label={`${form.title} — Word`}
              >
                Word
              </Button>
              <Button
                variant="outlined"
                size="small"
                startIcon={<PictureAsPdfIcon />}
                href={offlineFormUrl(form.key, 'pdf')}
                download
                aria-label={`${form.title} — PDF`}
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

import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { letterhead } from '@jsbn/shared';
import { refreshCurrentUser, toastSuccess } from '../../../api/client';
import { FormText } from '../../../components/form-fields';
import { LoadingState, PageHeader } from '../../../components/page';
import { SafeImage } from '../../../components/safe-image';
import type { Letterhead } from '@jsbn/shared';
import { letterheadKey, useLetterhead, useSaveLetterhead } from '../api/accounts-api';

const schema = letterhead.pick({ text: true });
type LetterForm = z.input<typeof schema>;

function LetterEditor({ saved, onDone }: { saved: Letterhead | null; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const form = useForm<LetterForm>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: { text: saved?.letterText ?? '' } });
  const mutation = useSaveLetterhead({
    onSuccess: async (reply) => {
      toastSuccess(reply.message, t('letter.saved'));
      queryClient.setQueryData(letterheadKey, { librarianLogo: reply.data?.librarianLogo ?? null });
      await queryClient.invalidateQueries({ queryKey: letterheadKey });
      await refreshCurrentUser();
      onDone();
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => mutation.mutate({ text: String(values.text), ...(saved?.id ? { id: saved.id } : {}) }))(event)
      }
    >
      <Stack spacing={2}>
        <FormText control={form.control} name="text" label={t('fields.letterText')} multiline minRows={6} helperText={t('letter.hint')} />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('letter.save')}
          </Button>
          <Button onClick={onDone} disabled={mutation.isPending}>
            {t('letter.cancel')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/** /customize-letter-format — the library letterhead (docs/api.md). */
export function CustomizeLetterPage() {
  const { t } = useTranslation('accounts');
  const letter = useLetterhead();
  const [editing, setEditing] = useState<boolean | null>(null);
  if (letter.isLoading) return <LoadingState />;
  const saved = letter.data ?? null;
  const hasText = Boolean(saved?.letterText);
  // Edit mode is the default unless a letterhead with both text and logo is saved (docs/api.md).
  const isEditing = editing ?? !(hasText && saved?.logoUrl);

  return (
    <Box>
      <PageHeader title={t('letter.title')} subtitle={t('letter.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        {saved?.logoUrl ? (
          <Box sx={{ mb: 2 }}>
            <SafeImage src={saved.logoUrl} alt={t('letter.logoAlt')} style={{ maxHeight: 80, maxWidth: '100%' }} />
          </Box>
        ) : null}
        {isEditing ? (
          <LetterEditor key={saved?.letterText ?? ''} saved={saved} onDone={() => setEditing(false)} />
        ) : (
          <Stack spacing={2}>
            {hasText ? (
              <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="letter-text">
                {saved?.letterText}
              </Typography>
            ) : (
              <Alert severity="info">{t('letter.none')}</Alert>
            )}
            <Box>
              <Button variant="contained" onClick={() => setEditing(true)}>
                {t('letter.edit')}
              </Button>
            </Box>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}

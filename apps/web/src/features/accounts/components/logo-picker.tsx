import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Avatar, Stack, Typography } from '@mui/material';
import { FILE_RULES } from '@jsbn/shared/core';
import { useMessages } from '../../../i18n';
import { FileField } from '../../../components/file-field';

/** The current logo (or the chosen new one) beside an optional logo file input (`FILE_RULES.logo`: JPEG or PNG, 10 MB). */
export function LogoPicker({
  currentUrl,
  name,
  value,
  onChange,
  onBlur,
  error,
}: {
  currentUrl: string | null | undefined;
  name: string;
  value: File | null | undefined;
  onChange: (file: File | null) => void;
  onBlur: () => void;
  error?: string;
}) {
  const { t } = useTranslation('accounts');
  const message = useMessages();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!value) return;
    const url = URL.createObjectURL(value);
    setPreviewUrl(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreviewUrl(null);
    };
  }, [value]);
  const shown = (value && previewUrl) || currentUrl || undefined;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
        <Avatar
          src={shown}
          alt={value ? t('profile.newLogo') : t('profile.currentLogo')}
          variant="rounded"
          sx={{ width: 96, height: 96, bgcolor: 'primary.main', fontSize: 40 }}
          data-testid="logo-preview"
        >
          {name.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
        <Typography variant="caption" color="text.secondary">
          {value ? t('profile.newLogo') : t('profile.currentLogo')}
        </Typography>
      </Stack>
      <FileField
        label={t('fields.changeLogo')}
        rule={FILE_RULES.logo}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        helperText={t('profile.optionalLogo', { hint: message(FILE_RULES.logo.hint) })}
      />
    </Stack>
  );
}

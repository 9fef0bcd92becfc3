/**
 * 'Verified by JSBN' (decision 043): an operator checked the publisher. Shown beside the
 * publisher's name on its details, its books' pages and the directory; on a book's page a
 * publisher the JSBN team has not checked yet says so (its books are orderable at once, so a library should know).
 */
import { useTranslation } from 'react-i18next';
import { Chip, Typography } from '@mui/material';
import VerifiedIcon from '@mui/icons-material/Verified';

/**
 * The badge of a verified publisher; for one not verified, nothing — or with `sayWhenNot`, the
 * plain words 'Publisher not yet verified by JSBN'.
 */
export function VerifiedBadge({
  verified,
  size = 'small',
  sayWhenNot = false,
}: {
  verified: boolean | undefined;
  size?: 'small' | 'medium';
  sayWhenNot?: boolean;
}) {
  const { t } = useTranslation();
  if (verified === false && sayWhenNot)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="not-verified">
        {t('verified.notYet')}
      </Typography>
    );
  if (!verified) return null;
  return (
    <Chip
      icon={<VerifiedIcon />}
      label={t('verified.badge')}
      title={t('verified.explain')}
      color="success"
      variant="outlined"
      size={size}
      data-testid="verified-badge"
      sx={{ fontWeight: 600, maxWidth: '100%' }}
    />
  );
}

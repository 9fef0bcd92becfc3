/**
 * 'Verified by JSBN' (decision 043): an operator checked the publisher. Shown beside the
 * publisher's name on its details, its books' pages and the directory.
 */
import { useTranslation } from 'react-i18next';
import { Chip } from '@mui/material';
import VerifiedIcon from '@mui/icons-material/Verified';

/** The badge of a verified publisher; nothing for one not verified. */
export function VerifiedBadge({ verified, size = 'small' }: { verified: boolean | undefined; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
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

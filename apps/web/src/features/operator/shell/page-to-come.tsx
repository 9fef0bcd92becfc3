import { useTranslation } from 'react-i18next';
import { Typography } from '@mui/material';
import { PageHeader } from '../../../components/page';

/** A back-office page whose screen is not there yet (nav.ts lists it already). */
export function OperatorPageToCome() {
  const { t } = useTranslation('operator');
  return (
    <>
      <PageHeader title={t('shell.toComeTitle')} />
      <Typography>{t('shell.toCome')}</Typography>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Typography } from '@mui/material';
import { PageHeader } from '../../../components/page';

/** A back-office path that names no page: said inside the operators' shell, its navigation kept. */
export function OperatorPageNotFound() {
  const { t } = useTranslation('operator');
  return (
    <>
      <PageHeader title={t('shell.notFoundTitle')} />
      <Typography>{t('shell.notFound')}</Typography>
    </>
  );
}

import { Link as RouterLink } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Box, Link } from '@mui/material';
import { OfflineForms } from '../../../components/offline-forms';
import { paths } from '../../../lib/paths';
import { Article, H2, P } from '../components/article';

/** /about — what the product does and for whom. */
export function AboutPage() {
  const { t } = useTranslation('static');
  return (
    <Box>
      <Article title={t('about.title')} subtitle={t('about.subtitle')}>
        <H2>{t('about.whatTitle')}</H2>
        <P>{t('about.what1')}</P>
        <P>{t('about.what2')}</P>
        <H2>{t('about.visitorsTitle')}</H2>
        <P>
          <Trans
            t={t}
            i18nKey="about.visitors"
            components={{
              store: <Link component={RouterLink} to={paths.searchBook} />,
              publishers: <Link component={RouterLink} to={paths.publishers} />,
              libraries: <Link component={RouterLink} to={paths.libraries} />,
            }}
          />
        </P>
        <H2>{t('about.publishersTitle')}</H2>
        <P>
          <Trans t={t} i18nKey="about.publishers" components={{ register: <Link component={RouterLink} to={paths.publisherRegister} /> }} />
        </P>
        <H2>{t('about.librariesTitle')}</H2>
        <P>
          <Trans t={t} i18nKey="about.libraries" components={{ register: <Link component={RouterLink} to={paths.libraryRegister} /> }} />
        </P>
      </Article>
      <Box sx={{ mt: 3, maxWidth: 960 }}>
        <OfflineForms />
      </Box>
    </Box>
  );
}

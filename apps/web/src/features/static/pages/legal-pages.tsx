import { Trans, useTranslation } from 'react-i18next';
import { Link } from '@mui/material';
import { mailtoLink, useSiteInfo } from '../../../api/site';
import { Article, H2, P } from '../components/article';

function SupportEmail() {
  const { t } = useTranslation('static');
  const site = useSiteInfo();
  const email = site.data?.supportEmail;
  return email ? <Link href={mailtoLink(email)}>{email}</Link> : <>{t('supportAddress')}</>;
}

/** The sections of a legal page: the keys of each heading and its text in the static catalogue. */
const SECTIONS = {
  privacy: [
    ['privacy.offersTitle', 'privacy.offers'],
    ['privacy.collectTitle', 'privacy.collect'],
    ['privacy.useTitle', 'privacy.use'],
    ['privacy.storageTitle', 'privacy.storage'],
    ['privacy.securityTitle', 'privacy.security'],
    ['privacy.contactTitle', 'privacy.contact'],
  ],
  terms: [
    ['terms.serviceTitle', 'terms.service'],
    ['terms.accountsTitle', 'terms.accounts'],
    ['terms.booksTitle', 'terms.books'],
    ['terms.ordersTitle', 'terms.orders'],
    ['terms.lawTitle', 'terms.law'],
    ['terms.contactTitle', 'terms.contact'],
  ],
} as const;

/** A legal page, its sections from the catalogue; `<email/>` in a section is the support address. */
function LegalPage({ page }: { page: keyof typeof SECTIONS }) {
  const { t } = useTranslation('static');
  return (
    <Article title={t(`${page}.title`)}>
      {SECTIONS[page].map(([heading, text]) => (
        <div key={text}>
          <H2>{t(heading)}</H2>
          <P>
            <Trans t={t} i18nKey={text} components={{ email: <SupportEmail /> }} />
          </P>
        </div>
      ))}
    </Article>
  );
}

/** /privacy-policy. */
export const PrivacyPolicyPage = () => <LegalPage page="privacy" />;

/** /terms-of-services: Gujarat law, Ahmedabad jurisdiction. */
export const TermsPage = () => <LegalPage page="terms" />;

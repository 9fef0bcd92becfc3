import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PhoneIcon from '@mui/icons-material/Phone';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { COUNTRY_CODE, lookupText } from '@jsbn/shared/core';
import type { PublisherInfo } from '@jsbn/shared';
import { formatPhone, orNA } from '../../../components/format';
import { SafeImage } from '../../../components/safe-image';
import { VerifiedBadge } from '../../../components/verified-badge';
import { TAP_LINK, TAP_PX } from '../../../lib/theme';
import { publisherPagePath } from '../../../lib/paths';
import { useCityText, useLookups } from '../../../i18n';
import { CatalogueButton, CatalogueProgress, type CatalogueDownloadState } from './catalogue-download';

/** The publisher's call, WhatsApp and e-mail links: an icon and the number or address, a finger's height each (decision 029). */
const CONTACT_LINK = { display: 'inline-flex', alignItems: 'center', gap: 1, minHeight: TAP_PX } as const;

/** A call or WhatsApp link: its icon and `text` (the number as written), read out as `label`. */
function ContactLink({
  href,
  newTab,
  icon,
  label,
  text,
}: {
  href: string;
  newTab?: boolean;
  icon: ReactNode;
  label: string;
  text: string;
}) {
  return (
    <Link href={href} sx={CONTACT_LINK} aria-label={label} target={newTab ? '_blank' : undefined} rel={newTab ? 'noopener' : undefined}>
      {icon} {text}
    </Link>
  );
}

interface PublisherBoxProps {
  publisher: PublisherInfo;
  isLoggedIn: boolean;
  /** The publisher's catalogue PDF, made on request (its button and progress). */
  catalogue: CatalogueDownloadState;
  /** Opens the publisher info PDF. */
  onInfoPdf: () => void;
  /** Opens the publisher's book list PDF. */
  onBookList: () => void;
  /** Opens the claim dialog of an imported account nobody has taken yet. */
  onClaim: () => void;
  /** The claim's page (`/jsbn/<JSBN>/claim`): where 'claim' leads before the app is there (decision 078). */
  claimHref: string;
}

/**
 * The publisher of a book on its page: logo, its name as the link to its page of books
 * (decision 083), 'Verified by JSBN', address, how many books, call, WhatsApp and e-mail, the
 * publisher info and book list PDFs, its catalogue PDF, and 'claim' for an imported account.
 */
export function PublisherBox(props: PublisherBoxProps) {
  return <Section {...props} />;
}

function Section({ publisher, isLoggedIn, catalogue, onInfoPdf, onBookList, onClaim, claimHref }: PublisherBoxProps) {
  const { t } = useTranslation('books');
  const lookups = useLookups();
  const city = useCityText();
  const place = [
    publisher.address,
    publisher.town,
    city(publisher),
    lookupText(lookups, 'states', publisher.state_name),
    publisher.pincode,
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="publisher-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        {publisher.logoUrl ? <SafeImage src={publisher.logoUrl} alt="" width={48} height={48} style={{ objectFit: 'contain' }} /> : null}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {t('detail.publisher.heading')}
          </Typography>
          <Typography id="publisher-title" component="h2" sx={{ fontWeight: 700 }}>
            <Link component={RouterLink} to={publisherPagePath(publisher.publisherId)} sx={TAP_LINK}>
              {publisher.publisher_name}
            </Link>
          </Typography>
          <VerifiedBadge verified={publisher.verified} sayWhenNot />
        </Box>
      </Stack>
      <Typography variant="body2">{orNA(place.filter(Boolean).join(', '))}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('detail.publisher.books', { count: publisher.total_books })}
      </Typography>
      <Stack sx={{ mt: 0.5, alignItems: 'flex-start' }}>
        {publisher.mobile_no ? (
          <ContactLink
            href={`tel:${COUNTRY_CODE}${publisher.mobile_no}`}
            icon={<PhoneIcon fontSize="small" />}
            label={t('detail.publisher.call', { phone: formatPhone(publisher.mobile_no) })}
            text={formatPhone(publisher.mobile_no)}
          />
        ) : null}
        {publisher.whatsapp_no ? (
          <ContactLink
            href={`https://wa.me/${COUNTRY_CODE.replace('+', '')}${publisher.whatsapp_no}`}
            newTab
            icon={<WhatsAppIcon fontSize="small" />}
            label={t('detail.publisher.whatsapp', { phone: formatPhone(publisher.whatsapp_no) })}
            text={formatPhone(publisher.whatsapp_no)}
          />
        ) : null}
        {publisher.email ? (
          <Link href={`mailto:${publisher.email}`} sx={{ ...CONTACT_LINK, wordBreak: 'break-all' }}>
            <MailOutlineIcon fontSize="small" /> {publisher.email}
          </Link>
        ) : null}
      </Stack>
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" startIcon={<DownloadIcon />} onClick={onInfoPdf}>
          {t('detail.publisher.info')}
        </Button>
        <Button size="small" startIcon={<DownloadIcon />} onClick={onBookList}>
          {t('detail.publisher.bookList')}
        </Button>
        <CatalogueButton catalogue={catalogue} label={t('detail.publisher.catalogue')} variant="text" size="small" />
      </Stack>
      <CatalogueProgress catalogue={catalogue} sx={{ mt: 1 }} />
      {publisher.claimable && !isLoggedIn ? (
        <Button
          size="small"
          sx={{ mt: 1, textAlign: 'left', justifyContent: 'flex-start' }}
          // a link to the claim's page until the app is there; then the dialog (decision 078)
          href={claimHref}
          aria-haspopup="dialog"
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            onClaim();
          }}
        >
          {t('detail.publisher.claim')}
        </Button>
      ) : null}
    </Paper>
  );
}

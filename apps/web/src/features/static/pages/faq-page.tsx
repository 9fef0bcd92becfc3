import { Accordion, AccordionDetails, AccordionSummary, Box, Link, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { COUNTRY_CODE } from '@jsbn/shared/core';
import { mailtoLink, useSiteInfo, whatsappLink } from '../../../api/site';
import { PageHeader } from '../../../components/page';

/** /faq: removal through support, the order status section, support contacts. */
export function FaqPage() {
  const site = useSiteInfo();
  const email = site.data?.supportEmail;
  const phone = site.data?.supportWhatsapp;
  const { t } = useTranslation('static');
  const support: ReactNode = (
    <Trans
      t={t}
      i18nKey="faq.support"
      components={{
        email: email ? <Link href={mailtoLink(email)}>{email}</Link> : <>{t('supportAddress')}</>,
        phone: phone ? (
          <Link href={whatsappLink(phone)} target="_blank" rel="noopener">
            {COUNTRY_CODE} {phone}
          </Link>
        ) : (
          <>{t('supportNumber')}</>
        ),
      }}
    />
  );
  const faqs: { q: string; a: ReactNode }[] = (['1', '2', '3', '4', '5', '6', '7'] as const).map((n) => ({
    q: t(`faq.q${n}`),
    a: <Trans t={t} i18nKey={`faq.a${n}`} components={{ support }} />,
  }));
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={t('faq.title')} />
      {faqs.map((faq, index) => (
        <Accordion key={faq.q} defaultExpanded={index < 2} disableGutters slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`faq-${index}-content`} id={`faq-${index}-header`}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {faq.q}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography>{faq.a}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

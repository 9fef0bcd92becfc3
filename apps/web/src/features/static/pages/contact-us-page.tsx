import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { COUNTRY_CODE, MSG } from '@jsbn/shared/core';
import { contactMessage, type ContactMessage } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { mailtoLink, useSiteInfo, whatsappLink } from '../../../api/site';
import { ContactFields, EMPTY_CONTACT as EMPTY, type ContactForm } from '../../../components/contact-fields';
import { applyServerErrors } from '../../../components/forms';
import { PageHeader } from '../../../components/page';
import { useContactMessage } from '../api/static-api';

/** /contact-us — every rule of docs/api.md "Contact form" through the shared schema. */
export function ContactUsPage() {
  const { t } = useTranslation('static');
  const site = useSiteInfo();
  const form = useForm<ContactForm, unknown, ContactMessage>({
    resolver: zodResolver(contactMessage),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { control } = form;
  const mutation = useContactMessage({
    onSuccess: (reply) => {
      toastSuccess(reply.message, MSG.contactSent);
      form.reset(EMPTY);
    },
    onError: (error) => applyServerErrors(error, form.setError),
  });

  return (
    <Box>
      <PageHeader title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
          <form noValidate onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate(values))(event)}>
            <Stack spacing={2}>
              <ContactFields control={control} />
              <Box>
                <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
                  {t('contact.send')}
                </Button>
              </Box>
            </Stack>
          </form>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('contact.support')}
          </Typography>
          <Stack spacing={1}>
            {site.data?.supportEmail ? (
              <Link href={mailtoLink(site.data.supportEmail)} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <MailOutlineIcon fontSize="small" aria-hidden />
                {site.data.supportEmail}
              </Link>
            ) : null}
            {site.data?.supportWhatsapp ? (
              <Link
                href={whatsappLink(site.data.supportWhatsapp)}
                target="_blank"
                rel="noopener"
                sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <WhatsAppIcon fontSize="small" aria-hidden />
                {COUNTRY_CODE} {site.data.supportWhatsapp}
              </Link>
            ) : null}
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}

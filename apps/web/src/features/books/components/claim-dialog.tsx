/**
 * 'Is this your publication? Claim this account': the real publisher of an imported
 * account writes to support from the publisher's section of a book page. Support approves the
 * claim by a signed link, and the publisher then gets a link by e-mail to set its password.
 */
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { publisherClaimRequest, type PublisherClaimRequest } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { usePublisherClaim } from '../api/book-queues-api';
import { ContactFields, EMPTY_CONTACT, type ContactForm } from '../../../components/contact-fields';
import { applyServerErrors } from '../../../components/forms';
import { dialogFormSx, useFullScreenDialog } from '../../../components/responsive-dialog';

/**
 * The claim form of an imported publisher's account (the contact form's fields): the whole screen
 * on a phone, its buttons always on screen while the fields scroll, locked while it is sent.
 */
export function ClaimDialog({
  publisherId,
  publisherName,
  open,
  onClose,
}: {
  publisherId: number;
  publisherName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('books');
  const fullScreen = useFullScreenDialog();
  const form = useForm<ContactForm, unknown, PublisherClaimRequest>({
    resolver: zodResolver(publisherClaimRequest),
    mode: 'onTouched',
    defaultValues: EMPTY_CONTACT,
  });
  const mutation = usePublisherClaim(publisherId, {
    onSuccess: (reply) => {
      toastSuccess(reply.message, t('claim.sent'));
      form.reset(EMPTY_CONTACT);
      onClose();
    },
    onError: (error) => applyServerErrors(error, form.setError),
  });
  return (
    <Dialog
      open={open}
      onClose={mutation.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="claim-title"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate(values))(event)}
        sx={dialogFormSx}
      >
        <DialogTitle id="claim-title">{t('claim.title', { publisher: publisherName })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('claim.intro')}
            </Typography>
            <ContactFields control={form.control} messageLabel={t('claim.relation')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('claim.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('claim.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The four fields of the contact form (docs/api.md 'Contact form'): full name, e-mail,
 * contact number and message — used by Contact Us and by the claim of a publisher account.
 */
import type { Control } from 'react-hook-form';
import type { TextFieldProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { contactMessage } from '@jsbn/shared';
import { FormPhone, FormText } from './form-fields';
import { noLeadingSpaces } from './forms';

export type ContactForm = z.input<typeof contactMessage>;
export const EMPTY_CONTACT: ContactForm = { fullName: '', email: '', contact: '', message: '' };

/**
 * The four fields; `slotProps` goes to each (`LABEL_ABOVE` on a form the server renders, whose
 * labels must read right before the app is there, decision 078).
 */
export function ContactFields({
  control,
  messageLabel,
  slotProps,
}: {
  control: Control<ContactForm>;
  messageLabel?: string;
  slotProps?: TextFieldProps['slotProps'];
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormText
        control={control}
        name="fullName"
        label={t('contact.fullName')}
        autoComplete="name"
        required
        transform={noLeadingSpaces}
        trimOnBlur
        slotProps={slotProps}
      />
      <FormText
        control={control}
        name="email"
        label={t('contact.email')}
        type="email"
        autoComplete="email"
        required
        trimOnBlur
        slotProps={slotProps}
      />
      <FormPhone control={control} name="contact" label={t('contact.contactNumber')} required slotProps={slotProps} />
      <FormText
        control={control}
        name="message"
        label={messageLabel ?? t('contact.message')}
        required
        multiline
        minRows={4}
        transform={noLeadingSpaces}
        trimOnBlur
        slotProps={slotProps}
      />
    </>
  );
}

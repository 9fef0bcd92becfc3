/**
 * The four fields of the contact form (docs/api.md 'Contact form'): full name, e-mail,
 * contact number and message — used by Contact Us and by the claim of a publisher account.
 */
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { contactMessage } from '@jsbn/shared';
import { FormPhone, FormText } from './form-fields';
import { noLeadingSpaces } from './forms';

export type ContactForm = z.input<typeof contactMessage>;
export const EMPTY_CONTACT: ContactForm = { fullName: '', email: '', contact: '', message: '' };

export function ContactFields({ control, messageLabel }: { control: Control<ContactForm>; messageLabel?: string }) {
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
      />
      <FormText control={control} name="email" label={t('contact.email')} type="email" autoComplete="email" required trimOnBlur />
      <FormPhone control={control} name="contact" label={t('contact.contactNumber')} required />
      <FormText
        control={control}
        name="message"
        label={messageLabel ?? t('contact.message')}
        required
        multiline
        minRows={4}
        transform={noLeadingSpaces}
        trimOnBlur
      />
    </>
  );
}

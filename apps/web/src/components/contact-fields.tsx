/**
 * The four fields of the contact form (spec accounts §5 'Contact form'): full name, e-mail,
 * contact number and message — used by Contact Us and by the claim of a publisher account.
 */
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import type { contactMessage } from '@jsbn/shared';
import { FormText } from './form-fields';
import { noLeadingSpaces, phoneInput } from './forms';

export type ContactForm = z.input<typeof contactMessage>;
export const EMPTY_CONTACT: ContactForm = { fullName: '', email: '', contact: '', message: '' };

export function ContactFields({ control, messageLabel = 'Message' }: { control: Control<ContactForm>; messageLabel?: string }) {
  return (
    <>
      <FormText control={control} name="fullName" label="Full name" autoComplete="name" required transform={noLeadingSpaces} trimOnBlur />
      <FormText control={control} name="email" label="Email" type="email" autoComplete="email" required trimOnBlur />
      <FormText
        control={control}
        name="contact"
        label="Contact number"
        autoComplete="tel-national"
        required
        trimOnBlur
        transform={phoneInput}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormText control={control} name="message" label={messageLabel} required multiline minRows={4} transform={noLeadingSpaces} trimOnBlur />
    </>
  );
}

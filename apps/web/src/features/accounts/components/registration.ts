import { z } from 'zod';
import { MSG } from '@jsbn/shared/core';

/** A required JPEG or PNG logo (accounts §5). */
export const logoFile = z
  .custom<File | null>()
  .refine((file) => file instanceof File, 'Logo is required')
  .refine((file) => !(file instanceof File) || ['image/jpeg', 'image/png'].includes(file.type), 'Logo must be a JPEG or PNG image');

/** confirmPassword rules, run beside the zod schema (see withChecks). */
export function confirmPasswordCheck(values: { password?: string; confirmPassword?: string }) {
  if (!values.confirmPassword) return { confirmPassword: 'Confirm password is required' };
  if (values.confirmPassword !== values.password) return { confirmPassword: MSG.passwordsMatch };
  return {};
}

/** The multipart fields of a registration: everything but the files and confirmPassword. */
export function registrationFields(values: Record<string, unknown>): Record<string, unknown> {
  const { confirmPassword: _confirm, logo: _logo, ...fields } = values;
  return fields;
}

/** An optional new JPEG or PNG logo (profile edit, accounts §5). */
export const optionalLogoFile = z
  .custom<File | null>()
  .nullable()
  .optional()
  .refine((file) => !(file instanceof File) || ['image/jpeg', 'image/png'].includes(file.type), 'Logo must be a JPEG or PNG image');

import { z } from 'zod';
import { FILE_RULES, MSG, fileProblem } from '@jsbn/shared/core';

/** A chosen logo's type and size (bytes) by the shared `FILE_RULES.logo`: JPEG or PNG, 10 MB (docs/api.md). */
function checkLogo(file: File | null | undefined, ctx: z.RefinementCtx) {
  if (!(file instanceof File)) return;
  const problem = fileProblem(FILE_RULES.logo, file);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/** A required JPEG or PNG logo (docs/api.md). */
export const logoFile = z
  .custom<File | null>()
  .refine((file) => file instanceof File, 'Logo is required')
  .superRefine(checkLogo);

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

/** An optional new JPEG or PNG logo (profile edit, docs/api.md). */
export const optionalLogoFile = z.custom<File | null>().nullable().optional().superRefine(checkLogo);

/** The frame of a dialog holding one form: its title, its fields, a refusal naming no field, and its two buttons. */
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, Typography, type DialogProps } from '@mui/material';
import { FormDialogActions } from './form-dialog-actions';
import { formError } from './forms';
import { dialogFormSx, useFullScreenDialog } from './responsive-dialog';

/**
 * A form in a dialog: `title` (its id `titleId` names the dialog), the fields as `children`, the
 * message of `error` when it names no field of the form (a field's goes under it through
 * `applyServerErrors`), then 'Cancel' and `submit`. The form is `noValidate` (the form's own
 * messages speak, not the browser's) and sends `onSubmit` (react-hook-form's `handleSubmit(...)`).
 * While `pending` neither the buttons nor Escape or a tap outside close it. `phoneFullScreen`: the
 * whole screen on a phone, for a form taller than a few fields; the content scrolls between the
 * title and the buttons either way.
 */
export function FormDialog({
  open,
  onClose,
  titleId,
  title,
  onSubmit,
  pending,
  error,
  cancel,
  submit,
  maxWidth = 'sm',
  phoneFullScreen = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  title: ReactNode;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  /** The mutation's error (null when none). */
  error: Error | null;
  cancel: string;
  submit: string;
  maxWidth?: DialogProps['maxWidth'];
  phoneFullScreen?: boolean;
  children: ReactNode;
}) {
  const phone = useFullScreenDialog();
  const message = formError(error);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={phoneFullScreen && phone}
      maxWidth={maxWidth}
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={dialogFormSx}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {children}
          {message ? (
            <Typography color="error" role="alert" sx={{ mt: 2 }}>
              {message}
            </Typography>
          ) : null}
        </DialogContent>
        <FormDialogActions cancel={cancel} submit={submit} pending={pending} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}

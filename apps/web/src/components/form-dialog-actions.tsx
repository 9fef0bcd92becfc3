/** The two buttons under a dialog's form, as every form dialog has them. */
import { Button, DialogActions } from '@mui/material';
import { TAP_PX } from '../lib/theme';

/**
 * 'Cancel' and the form's submit button (its `type="submit"` sends the form around them), both
 * disabled while the request is `pending` and at least a finger's height (`TAP_PX`) tall.
 */
export function FormDialogActions({
  cancel,
  submit,
  pending,
  onCancel,
}: {
  cancel: string;
  submit: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending} sx={{ minHeight: TAP_PX }}>
        {cancel}
      </Button>
      <Button type="submit" variant="contained" disabled={pending} sx={{ minHeight: TAP_PX }}>
        {submit}
      </Button>
    </DialogActions>
  );
}

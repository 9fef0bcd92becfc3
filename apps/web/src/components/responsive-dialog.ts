import { useMediaQuery, useTheme } from '@mui/material';

/** True on phones (below the `sm` breakpoint): dialogs take the whole screen there. */
export function useFullScreenDialog(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

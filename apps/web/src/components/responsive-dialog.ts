import { useMediaQuery, useTheme } from '@mui/material';

/** True on phones (below the `sm` breakpoint): dialogs take the whole screen there. */
export function useFullScreenDialog(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

/**
 * The `sx` of a form that holds a dialog's title, content and actions
 * (`<Box component="form" sx={dialogFormSx}>` inside `<Dialog>`): it continues the dialog's
 * column, so the content scrolls between the title and the buttons — which stay on screen — when
 * the form is taller than the screen (long names, messages, a phone's keyboard). A plain `<form>`
 * breaks that column: the whole dialog scrolls and its buttons go below the screen.
 */
export const dialogFormSx = { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } as const;

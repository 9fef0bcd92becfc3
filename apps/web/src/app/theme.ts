import { createTheme } from '@mui/material/styles';

/** Page width cap (spec accounts §9). */
export const PAGE_MAX_WIDTH = 1440;

/** Noto Sans first for Latin, then the Gujarati and Devanagari faces so Indic text shapes correctly. */
const fontFamily = ['"Noto Sans"', '"Noto Sans Gujarati"', '"Noto Sans Devanagari"', 'system-ui', 'sans-serif'].join(', ');

export const theme = createTheme({
  // spec accounts §9: breakpoints 480, 768, 1024 and 1200 px (sm, md, lg, xl)
  breakpoints: { values: { xs: 0, sm: 480, md: 768, lg: 1024, xl: 1200 } },
  palette: {
    // Orange-red, dark enough for white text and for links on the page background (WCAG AA, 4.5:1).
    primary: { main: '#c43e0f', light: '#e64a19', dark: '#9a2f0a', contrastText: '#ffffff' },
    secondary: { main: '#5d4037' },
    background: { default: '#faf7f5' },
  },
  typography: { fontFamily, button: { textTransform: 'none', fontWeight: 600 } },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 700, whiteSpace: 'nowrap' } } },
    // Required fields (issue 10): FormText / FormSelect give the input `required` (screen
    // readers say "required") and mark the label `data-required`; the asterisk is drawn by CSS
    // with an empty alternative text (`/ ""`), so the label's name stays exactly the label.
    MuiInputLabel: { styleOverrides: { root: { '&[data-required]::after': { content: '"\\2009*" / ""' } } } },
  },
});

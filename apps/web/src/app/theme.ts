import { createTheme } from '@mui/material/styles';

/** Page width cap (spec accounts §9). */
export const PAGE_MAX_WIDTH = 1440;

/** Noto Sans first for Latin, then the Gujarati and Devanagari faces so Indic text shapes correctly. */
const fontFamily = ['"Noto Sans"', '"Noto Sans Gujarati"', '"Noto Sans Devanagari"', 'system-ui', 'sans-serif'].join(', ');

export const theme = createTheme({
  palette: {
    primary: { main: '#e64a19', contrastText: '#ffffff' },
    secondary: { main: '#5d4037' },
    background: { default: '#faf7f5' },
  },
  typography: { fontFamily, button: { textTransform: 'none', fontWeight: 600 } },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 700, whiteSpace: 'nowrap' } } },
  },
});

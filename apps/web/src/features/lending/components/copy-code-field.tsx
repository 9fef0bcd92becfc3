/**
 * The lending desk's code field: a copy's accession number, JSBN or `/jsbn/…` address typed,
 * pasted or read by a scanner. A scanner is plugged in through `scanner`, which is given the
 * field's `onCode` (e.g. `scanner={(onCode) => <CodeScanner onCode={onCode} />}`); a code read
 * that way fills the field and is acted on at once, as Enter does after typing.
 */
import type { ReactNode } from 'react';
import { InputAdornment, TextField } from '@mui/material';

interface Props {
  /** The field's name (its server error's field, `code`). */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A whole code arrived (Enter after typing, or a scan). */
  onCode: (code: string) => void;
  helperText?: ReactNode;
  error?: string | undefined;
  autoFocus?: boolean;
  /** A scanner beside the field, given the field's `onCode`. */
  scanner?: (onCode: (code: string) => void) => ReactNode;
}

export function CopyCodeField({ name, label, value, onChange, onCode, helperText, error, autoFocus, scanner }: Props) {
  const scanned = (code: string) => {
    onChange(code);
    onCode(code);
  };
  return (
    <TextField
      name={name}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && value.trim()) {
          event.preventDefault();
          onCode(value.trim());
        }
      }}
      error={Boolean(error)}
      helperText={error ?? helperText}
      autoFocus={autoFocus}
      autoComplete="off"
      fullWidth
      slotProps={{
        htmlInput: { autoCapitalize: 'characters', enterKeyHint: 'go', spellCheck: false },
        ...(scanner ? { input: { endAdornment: <InputAdornment position="end">{scanner(scanned)}</InputAdornment> } } : {}),
      }}
    />
  );
}

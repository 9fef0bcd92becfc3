import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { acceptOf, type FileRule } from '@jsbn/shared/core';
import { useMessages } from '../i18n';

interface Props {
  label: string;
  /** The field's entry of the shared `FILE_RULES`: the input offers its types. */
  rule: FileRule;
  value: File | null | undefined;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  error?: string;
  /** Shown below when there is no error; by default the rule's types and limit ('JPEG or PNG, up to 10 MB'). */
  helperText?: string;
  required?: boolean;
  name?: string;
}

/**
 * A labelled file input for one file field of the shared `FILE_RULES` (the real
 * <input type=file> is visually hidden but labelled for tests). It offers the rule's types; the
 * caller checks the chosen file (`fileProblem`) and passes its message as `error`.
 */
export function FileField({ label, rule, value, onChange, onBlur, error, helperText, required, name }: Props) {
  const { t } = useTranslation();
  const message = useMessages();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* A real button opens the file chooser; the input itself stays out of the tab order. */}
        <Button
          variant="outlined"
          color={error ? 'error' : 'primary'}
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-status`}
        >
          {label}
          {required ? <span aria-hidden="true">&thinsp;*</span> : null}
        </Button>
        <input
          id={id}
          ref={input}
          tabIndex={-1}
          name={name}
          type="file"
          accept={acceptOf(rule)}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            onBlur?.();
          }}
        />
        <Typography id={`${id}-status`} variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {value ? value.name : t('file.noFileChosen')}
        </Typography>
      </Stack>
      {error ? (
        <FormHelperText error>{message(error)}</FormHelperText>
      ) : (
        <FormHelperText>{helperText ?? message(rule.hint)}</FormHelperText>
      )}
    </Box>
  );
}

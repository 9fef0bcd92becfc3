import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../../i18n';
import { Box, Button, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import { BOOK_MSG, FILE_RULES, acceptOf } from '@jsbn/shared/core';
import { SafeImage } from '../../../components/safe-image';

interface Props {
  /** Newly chosen images. */
  value: File[];
  onChange: (files: File[]) => void;
  /** Stored images (edit) not yet removed. */
  stored: { id: number; url: string }[];
  onRemoveStored: (id: number) => void;
  error?: string;
  /** Tells the form about a refused file (type, size, count). */
  onProblem: (message: string | null) => void;
  check: (file: File) => string | null;
}

function Thumb({ file, onRemove, index }: { file: File; onRemove: () => void; index: number }) {
  const { t } = useTranslation('bookForm');
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Box sx={{ position: 'relative', width: 96 }} data-testid="new-image">
      <img
        src={url}
        alt={t('images.newAlt', { n: index + 1, name: file.name })}
        style={{ width: 96, height: 120, objectFit: 'cover', borderRadius: 4, display: 'block' }}
      />
      <IconButton
        size="small"
        aria-label={t('images.removeNew', { name: file.name })}
        onClick={onRemove}
        sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: 'white' } }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="caption" sx={{ display: 'block', wordBreak: 'break-all' }}>
        {file.name}
      </Typography>
    </Box>
  );
}

/** Up to 4 extra images (docs/api.md 'You can upload upto 4 images'; `FILE_RULES.bookimage`); stored ones can be removed. */
export function ImagesField({ value, onChange, stored, onRemoveStored, error, onProblem, check }: Props) {
  const { t } = useTranslation('bookForm');
  const message = useMessages();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const count = stored.length + value.length;
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          color={error ? 'error' : 'primary'}
          startIcon={<AddPhotoAlternateIcon />}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-status`}
        >
          {t('fields.bookImages')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={acceptOf(FILE_RULES.bookimage)}
          multiple
          tabIndex={-1}
          aria-label={t('fields.bookImages')}
          aria-invalid={error ? true : undefined}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (chosen.length === 0) return;
            const problem = chosen.map(check).find(Boolean);
            if (problem) return onProblem(problem);
            if (count + chosen.length > FILE_RULES.bookimage.maxCount) return onProblem(BOOK_MSG.maxImages);
            onProblem(null);
            onChange([...value, ...chosen]);
          }}
        />
        <Typography id={`${id}-status`} variant="body2" color="text.secondary">
          {t('images.count', { count, max: FILE_RULES.bookimage.maxCount })}
        </Typography>
      </Stack>
      {count > 0 ? (
        <Stack direction="row" spacing={1.5} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1.5 }}>
          {stored.map((image, index) => (
            <Box key={image.id} sx={{ position: 'relative', width: 96 }} data-testid="stored-image">
              <SafeImage
                src={image.url}
                alt={t('images.storedAlt', { n: index + 1 })}
                style={{ width: 96, height: 120, objectFit: 'cover', borderRadius: 4, display: 'block' }}
              />
              <IconButton
                size="small"
                aria-label={t('images.removeStored', { n: index + 1 })}
                onClick={() => onRemoveStored(image.id)}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: 'white' } }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
          {value.map((file, index) => (
            <Thumb
              key={`${file.name}-${index}`}
              file={file}
              index={index}
              onRemove={() => onChange(value.filter((_item, at) => at !== index))}
            />
          ))}
        </Stack>
      ) : null}
      {error ? (
        <FormHelperText error>{message(error)}</FormHelperText>
      ) : (
        <FormHelperText>
          {t('hints.imagesEach', { max: message(BOOK_MSG.maxImages), hint: message(FILE_RULES.bookimage.hint) })}
        </FormHelperText>
      )}
    </Box>
  );
}

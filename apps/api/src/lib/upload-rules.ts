/** The file fields the API accepts, with their types and size limits (spec books §5, §9). */
import { MAX_DISPATCH_FILE_BYTES, MAX_IMAGE_BYTES, MSG, unreadableImageMessage } from '@jsbn/shared';
import type { FileRule } from './multipart.js';

const MB = 1024 * 1024;

/** Library or publisher logo: JPEG or PNG, 10 MB. */
export const LOGO_FILE: FileRule = {
  visibility: 'public',
  folder: 'logos',
  maxBytes: MAX_IMAGE_BYTES,
  allowed: ['image/jpeg', 'image/png'],
  tooLargeMessage: `Logo is too large. Maximum image file size allowed is ${MAX_IMAGE_BYTES / MB}MB.`,
  typeMessage: 'Logo must be a JPEG or PNG image.',
  unreadableMessage: unreadableImageMessage('Logo'),
};

/** Book cover: JPEG, 10 MB. */
export const COVER_FILE: FileRule = {
  visibility: 'public',
  folder: 'covers',
  maxBytes: MAX_IMAGE_BYTES,
  allowed: ['image/jpeg'],
  tooLargeMessage: `Book cover is too large. Maximum image file size allowed is ${MAX_IMAGE_BYTES / MB}MB.`,
  typeMessage: 'Book cover must be a JPEG image.',
  unreadableMessage: unreadableImageMessage('Book cover'),
};

/** Proof of dispatch: JPEG, PNG or PDF, 5 MB. */
export const DISPATCH_FILE: FileRule = {
  visibility: 'private',
  folder: 'dispatch',
  maxBytes: MAX_DISPATCH_FILE_BYTES,
  allowed: ['image/jpeg', 'image/png', 'application/pdf'],
  tooLargeMessage: MSG.dispatchFileTooLarge,
  typeMessage: MSG.unsupportedFile,
  unreadableMessage: unreadableImageMessage('Proof of dispatch'),
};

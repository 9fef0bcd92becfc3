/**
 * The storage rules of the file fields the API accepts. Types, size limits (bytes) and messages
 * come from the shared table `FILE_RULES` (packages/shared file-rules.ts, docs/api.md and packages/shared/src/constants.ts and
 * docs/api.md); only where a file is stored (public or private, which folder) is the API's own.
 */
import { FILE_RULES, type FileField, type FileRule as FieldRule } from '@jsbn/shared';
import type { FileRule } from './multipart.js';

/** Where the files of a field are kept. */
export interface FilePlace {
  visibility: 'public' | 'private';
  folder: string;
}

/**
 * The storage rule of `field`: its types, `maxBytes` and count from `FILE_RULES`, its messages
 * naming `what`.
 * @param what the file's name, or by default the field's label ('Logo', 'Book cover')
 */
export function storageRule(field: FileField, place: FilePlace, what: string = FILE_RULES[field].label): FileRule {
  const rule: FieldRule = FILE_RULES[field];
  return {
    ...place,
    maxBytes: rule.maxBytes,
    allowed: rule.types,
    ...(rule.storedAs ? { storeAs: rule.storedAs } : {}),
    maxCount: rule.maxCount,
    tooLargeMessage: rule.messages.tooLarge(what),
    typeMessage: rule.messages.wrongBytes(what),
    unreadableMessage: rule.messages.unreadable(what),
  };
}

/** Library or publisher logo (`logo`): JPEG or PNG, 10 MB, public. */
export const LOGO_FILE = storageRule('logo', { visibility: 'public', folder: 'logos' });

/** Book cover (`book_cover`): JPEG or PNG, 10 MB, public, stored as a JPEG. */
export const COVER_FILE = storageRule('book_cover', { visibility: 'public', folder: 'covers' });

/** Proof of dispatch (`orderImage`): JPEG, PNG or PDF, 5 MB, private. */
export const DISPATCH_FILE = storageRule('orderImage', { visibility: 'private', folder: 'dispatch' });

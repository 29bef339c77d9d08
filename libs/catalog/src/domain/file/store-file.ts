import type { Decider } from '@ticketing/kernel';
import type { FileStored } from '@ticketing/catalog/contracts';
import { catalogErrors, rejectIfAny } from '../shared/catalog-violation.js';
import { Rules } from '../shared/rules.js';

/** Images the storefront shows; served from our origin, so only formats browsers render as images. */
export const allowedImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
/** Served whole from the log and the read model: large blobs belong to an object store, not here. */
export const maxFileBytes = 2 * 1024 * 1024;

export type FileState = { readonly status: 'absent' } | { readonly status: 'stored' };

/**
 * Stores image bytes under their sha256 (computed at the edge, where hashing is I/O-free but not the
 * domain's job). The same bytes stored twice is a no-op: the stream already holds them.
 */
export interface StoreFile {
  readonly type: 'StoreFile';
  readonly data: FileStored['data'];
}

export function decideStoreFile(command: StoreFile, state: FileState): FileStored[] {
  const rules = new Rules();
  const { fileId, contentType, size } = command.data;
  rules.fileId(fileId, 'fileId');
  rules.check((allowedImageTypes as readonly string[]).includes(contentType), catalogErrors.unsupportedContentType, 'contentType', allowedImageTypes.join(', '));
  rules.check(size <= maxFileBytes, catalogErrors.fileTooLarge, 'size', maxFileBytes);
  rejectIfAny(rules.violations);
  return state.status === 'stored' ? [] : [{ type: 'FileStored', data: command.data }];
}

/** The decider of one `file-{sha256}` stream. */
export const fileDecider: Decider<FileState, StoreFile, FileStored> = {
  initialState: () => ({ status: 'absent' }),
  evolve: () => ({ status: 'stored' }),
  decide: decideStoreFile,
};

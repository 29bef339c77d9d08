import { describe, it } from 'vitest';
import { catalogErrors as e } from '../shared/catalog-violation.js';
import { deciderSpec } from '@ticketing/testing';
import { fileDecider, maxFileBytes, type StoreFile } from './store-file.js';

const spec = deciderSpec(fileDecider);
const data = { fileId: 'a'.repeat(64), contentType: 'image/png', size: 3, base64: 'AAAA' };
const store = (overrides: Partial<StoreFile['data']> = {}): StoreFile => ({ type: 'StoreFile', data: { ...data, ...overrides } });

describe('StoreFile', () => {
  describe('on an empty stream', () => {
    it('stores the bytes', () => {
      spec.given([]).when(store()).then([{ type: 'FileStored', data }]);
    });

    it.each([
      ['an id that is not a sha256', { fileId: 'abc' }, e.invalidFileId, 'fileId'],
      ['a type browsers do not show as an image', { contentType: 'text/html' }, e.unsupportedContentType, 'contentType'],
      ['a file over the size limit', { size: maxFileBytes + 1 }, e.fileTooLarge, 'size'],
    ])('refuses %s', (_name, overrides, code, field) => {
      spec.given([]).when(store(overrides)).thenThrows(code, field);
    });
  });

  describe('on a stored file', () => {
    it('appends nothing for the same bytes', () => {
      spec.given([{ type: 'FileStored', data }]).when(store()).then([]);
    });
  });
});

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import type { StoreFile } from '@ticketing/catalog/domain';

export interface LoadedImage {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/** Turns an `image:` reference of the catalog into bytes; throws with a reason a person can act on. */
export type ImageLoader = (reference: string) => Promise<LoadedImage>;

const DATA_URI = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i;
const TYPES_BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

function fromDataUri(reference: string): LoadedImage | undefined {
  const match = DATA_URI.exec(reference);
  if (!match) return undefined;
  return { contentType: (match[1] as string).toLowerCase(), bytes: Buffer.from((match[2] as string).replace(/\s/g, ''), 'base64') };
}

/** The API's loader: the document travels alone, so images come inline as data URIs. */
export const dataUriImages: ImageLoader = async (reference) => {
  const image = fromDataUri(reference);
  if (!image) throw new Error('send images as data:image/...;base64 URIs (paths are only resolved by the CLI)');
  return image;
};

/** The CLI's loader: data URIs, or paths relative to the catalog file's folder. */
export function fileSystemImages(baseDir: string): ImageLoader {
  return async (reference) => {
    const inline = fromDataUri(reference);
    if (inline) return inline;
    const contentType = TYPES_BY_EXTENSION[extname(reference).toLowerCase()];
    if (!contentType) throw new Error(`unknown image type of ${reference} (use ${Object.keys(TYPES_BY_EXTENSION).join(', ')})`);
    try {
      return { contentType, bytes: await readFile(resolve(baseDir, reference)) };
    } catch (error) {
      throw new Error(`${reference}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
}

/** Content addressing happens here, at the edge: the domain receives the id with the bytes. */
export function storeFileCommand(image: LoadedImage): StoreFile {
  const buffer = Buffer.from(image.bytes);
  return {
    type: 'StoreFile',
    data: { fileId: createHash('sha256').update(buffer).digest('hex'), contentType: image.contentType, size: buffer.byteLength, base64: buffer.toString('base64') },
  };
}

import { crc32, inflateRawSync } from 'node:zlib';

/**
 * The files of a zip archive, read through its central directory (APPNOTE 4.3.12 and 4.3.16) with node:zlib: no
 * zip reader is installed, and this one checks what a reader must (signatures, sizes, each file's CRC-32), so a
 * damaged archive fails here as it would in Wallet.
 */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const endOfDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfDirectory < 0) throw new Error('zip: no end of central directory record');
  const entries = zip.readUInt16LE(endOfDirectory + 10);
  let offset = zip.readUInt32LE(endOfDirectory + 16);
  const files = new Map<string, Buffer>();
  for (let n = 0; n < entries; n++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`zip: bad central directory entry at ${offset}`);
    const method = zip.readUInt16LE(offset + 10);
    const crc = zip.readUInt32LE(offset + 16);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (zip.readUInt32LE(localHeader) !== 0x04034b50) throw new Error(`zip: bad local header of ${name}`);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : null;
    if (!data) throw new Error(`zip: ${name} uses compression method ${method}`);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`zip: ${name} does not match its size or CRC-32`);
    files.set(name, data);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

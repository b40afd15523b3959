import { crc32, deflateRawSync } from 'node:zlib';
/**
 * Small real files for upload tests (their magic bytes are what `file-type` recognises) and a hand-built multipart
 * body, so tests control every byte a hostile client could send (file names with paths, several files, no file).
 */

/** A minimal PDF of `size` bytes (at least 64): a real header and trailer, padded with a comment. */
export function pdfBytes(size = 300): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%');
  const tail = Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

/** A little-endian TIFF header followed by zeros (`size` bytes, at least 8). */
export function tiffBytes(size = 200): Buffer {
  return Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0]), Buffer.alloc(size - 8)]);
}

/** A JPEG start (SOI and APP0 marker) followed by zeros. */
export function jpegBytes(size = 200): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4)]);
}

/** A PNG signature and an IHDR chunk's start followed by zeros (`size` bytes, at least 16). */
export function pngBytes(size = 200): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), Buffer.alloc(size - 16)]);
}

/** An empty ZIP archive: only the 22-byte end-of-central-directory record. */
export function emptyZipBytes(): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
}

/** A Windows executable's start (`MZ`), as a renamed program would carry. */
export function exeBytes(size = 256): Buffer {
  return Buffer.concat([Buffer.from('MZ'), Buffer.alloc(size - 2)]);
}

export interface MultipartPart {
  name: string;
  /** Present for a file part. */
  fileName?: string;
  contentType?: string;
  body: Buffer | string;
}

/** A `multipart/form-data` body of `parts` and its Content-Type header. */
export function multipart(parts: MultipartPart[]): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----portaltest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const type = part.fileName === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Uint8Array.from(Buffer.concat(chunks)), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One entry of a hand-built ZIP archive: its name, its bytes, and optionally a false uncompressed size in the headers. */
export interface ZipEntry {
  name: string;
  body: Buffer;
  /** Store deflated (default) or as is. */
  deflate?: boolean;
  /** Uncompressed size written into the headers instead of the true one (a lying ZIP bomb). */
  declaredSize?: number;
}

/**
 * A ZIP archive of `entries` built byte by byte (local headers, central directory, end record; CRC-32 from node:zlib),
 * so tests control what a hostile archive claims: paths in names, many entries, false sizes, archives inside.
 */
export function zipBytes(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const deflate = entry.deflate ?? true;
    const data = deflate ? deflateRawSync(entry.body) : entry.body;
    const crc = crc32(entry.body);
    const size = entry.declaredSize ?? entry.body.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

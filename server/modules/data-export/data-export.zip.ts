/**
 * Writes a ZIP archive to a file, streamed (docs/decisions/0052-data-archive.md): yazl takes the entries one after
 * another and each entry's bytes are produced only when yazl reaches it, so at most one entry (one JSON file, one PDF,
 * one attachment) is in memory at a time, never the whole archive.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/** One file of the archive: its path inside the ZIP and the producer of its bytes (called when it is written). */
export interface ZipEntry {
  name: string;
  read: () => Promise<Buffer | string>;
}

/**
 * Writes `entries` in order as a ZIP (deflated, modification time `mtime`) to `target`: first to `<target>.part`, then
 * renamed, so a crash never leaves a half archive under the final name. Resolves to the archive's size in bytes.
 * @throws the first error of an entry's producer or of the file system (the partial file is removed).
 */
export async function writeZip(target: string, entries: readonly ZipEntry[], mtime: Date): Promise<number> {
  const partial = `${target}.part`;
  const zip = new ZipFile();
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime }, (callback) => {
      entry.read().then(
        (bytes) => callback(null, Readable.from([typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes])),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), Readable.from([])),
      );
    });
  }
  zip.end();
  // A producer's error reaches yazl's ZipFile, not its output stream: end the stream with it, so the pipeline rejects.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  try {
    await pipeline(zip.outputStream, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return (await stat(target)).size;
}

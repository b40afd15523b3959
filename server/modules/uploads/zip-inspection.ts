import { fileTypeFromBuffer } from 'file-type';
import yauzl from 'yauzl';
import { ZIP_MAX_ENTRIES, ZIP_MAX_UNCOMPRESSED_BYTES, sanitizeFileName, stripUnsafeCharacters } from '@contract/uploads';

/** Why a ZIP archive was refused (catalogue `upload.error.<code>`). */
export type ZipRefusal = 'ZIP_INVALID' | 'ZIP_TOO_MANY_ENTRIES' | 'ZIP_TOO_LARGE' | 'ZIP_PATH' | 'ZIP_NESTED_ARCHIVE';

/** Types `file-type` reports for archives and compressed streams: none may sit inside an uploaded ZIP. */
const ARCHIVE_EXTENSIONS = new Set([
  'zip',
  'gz',
  'tar',
  '7z',
  'rar',
  'bz2',
  'xz',
  'zst',
  'cab',
  'lz',
  'lzh',
  'arj',
  'cpio',
  'ar',
  'Z',
  'jar',
  'apk',
  'xpi',
  'epub',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
]);
/** Entry names that announce an archive, whatever their content. */
const ARCHIVE_NAME = /\.(zip|gz|tgz|tar|7z|rar|bz2|xz|zst|cab|jar|iso)$/i;
/** Bytes of an entry `file-type` looks at. */
const SNIFF_BYTES = 4100;

/**
 * Inspects an uploaded ZIP archive (decision 0023, spec 001 section 5 "Merge and upload forms: … ZIP") with `yauzl`
 * and refuses it unless: at least one and at most ZIP_MAX_ENTRIES entries; no entry with a path (`/`, `\`, a directory entry, `..`) or
 * encryption; no nested archive (by name or by content); and at most ZIP_MAX_UNCOMPRESSED_BYTES in total, counted on
 * the bytes actually inflated (a ZIP bomb whose headers lie is stopped when the count passes the limit; yauzl's
 * `validateEntrySizes` also refuses an entry whose size differs from its header). Resolves to null when the archive
 * passes. Never throws.
 */
export function inspectZip(bytes: Buffer): Promise<ZipRefusal | null> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (zip: yauzl.ZipFile | null, outcome: ZipRefusal | null) => {
      if (settled) return;
      settled = true;
      zip?.close();
      resolve(outcome);
    };
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false }, (openError, zip) => {
      if (openError || !zip) return finish(null, 'ZIP_INVALID');
      if (zip.entryCount === 0) return finish(zip, 'ZIP_INVALID');
      if (zip.entryCount > ZIP_MAX_ENTRIES) return finish(zip, 'ZIP_TOO_MANY_ENTRIES');
      let declared = 0;
      let inflated = 0;
      zip.on('error', () => finish(zip, 'ZIP_INVALID'));
      zip.on('end', () => finish(zip, null));
      zip.on('entry', (entry: yauzl.Entry) => {
        // decodeStrings off: yauzl hands over the raw name (it would refuse `..` and absolute names with a generic
        // error); read as UTF-8 (what every current packer writes), then judged here.
        const name = Buffer.from(entry.fileName as unknown as Uint8Array).toString('utf8');
        // A folder, a path (`/`, `\\`, `..`) or a name of dots only (sanitizeFileName refuses them), or a control or
        // text-reordering character: an entry's name is not renamed, so such a name is refused (decision 0041).
        if (sanitizeFileName(name) === null || stripUnsafeCharacters(name) !== name) return finish(zip, 'ZIP_PATH');
        if (entry.isEncrypted()) return finish(zip, 'ZIP_INVALID');
        if (ARCHIVE_NAME.test(name)) return finish(zip, 'ZIP_NESTED_ARCHIVE');
        declared += entry.uncompressedSize;
        if (declared > ZIP_MAX_UNCOMPRESSED_BYTES) return finish(zip, 'ZIP_TOO_LARGE');
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return finish(zip, 'ZIP_INVALID');
          const head: Buffer[] = [];
          let headBytes = 0;
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            if (inflated > ZIP_MAX_UNCOMPRESSED_BYTES) {
              stream.destroy();
              return finish(zip, 'ZIP_TOO_LARGE');
            }
            if (headBytes < SNIFF_BYTES) {
              head.push(chunk);
              headBytes += chunk.length;
            }
          });
          stream.on('error', () => finish(zip, 'ZIP_INVALID'));
          stream.on('end', () => {
            void fileTypeFromBuffer(Buffer.concat(head).subarray(0, SNIFF_BYTES)).then(
              (type) => {
                if (type && ARCHIVE_EXTENSIONS.has(type.ext)) return finish(zip, 'ZIP_NESTED_ARCHIVE');
                if (!settled) zip.readEntry();
              },
              () => finish(zip, 'ZIP_INVALID'),
            );
          });
        });
      });
      zip.readEntry();
    });
  });
}

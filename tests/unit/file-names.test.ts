/**
 * File names of uploads (schema/contract/uploads.ts; decision 0041): control and text-reordering characters are
 * removed rather than kept, paths are refused, and names stored as UTF-8 read as Latin-1 are repaired only when the
 * bytes are valid UTF-8.
 */
import { describe, expect, it } from 'vitest';
import { cleanStoredFileName, repairLatin1Misreading, sanitizeFileName, UPLOAD_FILE_NAME_MAX, UPLOAD_FILE_TYPES, withTypeExtension } from '@contract/uploads';

describe('sanitizeFileName', () => {
  it('keeps a UTF-8 name with umlauts, normalised to NFC', () => {
    expect(sanitizeFileName('Lohnzettel_März_Überweisung.pdf')).toBe('Lohnzettel_März_Überweisung.pdf');
    expect(sanitizeFileName('Lohnzettel_Ma\u0308rz.pdf')).toBe('Lohnzettel_März.pdf');
  });

  it.each([
    ['the right-to-left override U+202E', 'rechnung\u202Efdp.exe', 'rechnungfdp.exe'],
    ['embeddings and the pop U+202A–U+202C', '\u202AA\u202Bb\u202Cc\u202D.pdf', 'Abc.pdf'],
    ['the isolates U+2066–U+2069', '\u2066a\u2067b\u2068c\u2069.pdf', 'abc.pdf'],
    ['the marks U+200E, U+200F and U+061C', 'a\u200Eb\u200Fc\u061C.pdf', 'abc.pdf'],
    ['C0 controls, DEL and C1 controls', 'a\u0000b\u0007c\u001F\u007Fd\u0085\u009F.pdf', 'abcd.pdf'],
    ['a byte-order mark and the line separators', '\uFEFFa\u2028b\u2029.pdf', 'ab.pdf'],
  ])('removes %s', (_label, raw, kept) => {
    expect(sanitizeFileName(raw)).toBe(kept);
  });

  it('a spoofed PDF name gets the type extension of its content after the override is removed', () => {
    expect(withTypeExtension(sanitizeFileName('rechnung\u202Efdp.exe')!, UPLOAD_FILE_TYPES.pdf)).toBe('rechnungfdp.exe.pdf');
  });

  it('refuses paths, names of dots and names of nothing but removed characters', () => {
    for (const raw of ['../a.pdf', 'C:\\a.pdf', '..', ' . ', '', '\u202E\u200F', '\u0001']) expect(sanitizeFileName(raw)).toBeNull();
  });

  it('keeps zero-width joiners (part of some scripts and emoji) and cuts long names keeping the extension', () => {
    expect(sanitizeFileName('a\u200Db.pdf')).toBe('a\u200Db.pdf');
    const long = sanitizeFileName(`${'x'.repeat(300)}.pdf`)!;
    expect(long).toHaveLength(UPLOAD_FILE_NAME_MAX);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('repairLatin1Misreading and cleanStoredFileName (the migration of stored names)', () => {
  it('repairs UTF-8 read as Latin-1', () => {
    expect(repairLatin1Misreading('Lohnzettel_M\u00C3\u00A4rz_\u00C3\u009Cberweisung.pdf')).toBe('Lohnzettel_März_Überweisung.pdf');
    expect(repairLatin1Misreading('Beleg_\u00E2\u0082\u00AC.pdf')).toBe('Beleg_€.pdf');
  });

  it('leaves alone what is not a misreading: plain ASCII, genuine Latin-1 text, characters above U+00FF', () => {
    for (const name of ['Beleg.pdf', 'Kostenübersicht.pdf', 'Straße.pdf', 'M\u00C3\u00A4rz €.pdf']) expect(repairLatin1Misreading(name)).toBe(name);
  });

  it('repairs first and then removes the unsafe characters; nothing left becomes "Datei"', () => {
    expect(cleanStoredFileName('Gr\u00C3\u00BC\u00C3\u009Fe\u00E2\u0080\u00AE.pdf')).toBe('Grüße.pdf');
    expect(cleanStoredFileName('rechnung\u202Efdp.exe.pdf')).toBe('rechnungfdp.exe.pdf');
    expect(cleanStoredFileName('\u202E')).toBe('Datei');
  });
});

import { describe, expect, it } from 'vitest';
import { hashQuery, queryParam, resolveLanguage, withLng } from './url-params';

describe('queryParam', () => {
  it('reads a parameter from the page query string first, then from the hash route', () => {
    expect(queryParam('embedded', { search: '?embedded=1', hash: '#/login?embedded=0' })).toBe('1');
    expect(queryParam('embedded', { search: '', hash: '#/login?embedded=1' })).toBe('1');
    expect(queryParam('id', { search: '', hash: '#/activation?id=abc_DEF-123' })).toBe('abc_DEF-123');
  });

  it('gives null when neither has the parameter or no address is known', () => {
    expect(queryParam('lng', { search: '', hash: '#/login' })).toBeNull();
    expect(queryParam('lng', undefined)).toBeNull();
  });

  it('splits the hash route at its question mark', () => {
    expect(hashQuery('#/eid?status=SUCCESSFUL')).toBe('?status=SUCCESSFUL');
    expect(hashQuery('#/eid')).toBe('');
  });
});

describe('resolveLanguage', () => {
  it('keeps German and falls back to German for anything else', () => {
    expect(resolveLanguage('de')).toBe('de');
    expect(resolveLanguage('en')).toBe('de');
    expect(resolveLanguage(null)).toBe('de');
  });
});

describe('withLng', () => {
  it('appends the language to a URL without a query string', () => {
    expect(withLng('webportal/download', 'de')).toBe('webportal/download?lng=de');
  });

  it('appends it to an existing query string', () => {
    expect(withLng('webportal/download?id=7', 'de')).toBe('webportal/download?id=7&lng=de');
    expect(withLng('/webportal/upload?', 'de')).toBe('/webportal/upload?lng=de');
  });

  it('puts it before a fragment', () => {
    expect(withLng('webportal/download?id=7#page=2', 'de')).toBe('webportal/download?id=7&lng=de#page=2');
  });

  it('leaves a URL alone that names a language itself, or when no language was requested', () => {
    expect(withLng('webportal/download?lng=de&id=7', 'de')).toBe('webportal/download?lng=de&id=7');
    expect(withLng('webportal/download?id=7', null)).toBe('webportal/download?id=7');
  });

  it('carries the supported language an unsupported request falls back to', () => {
    expect(withLng('webportal/download', 'fr')).toBe('webportal/download?lng=de');
  });

  it('uses the lng the page was opened with by default (none in the test environment)', () => {
    expect(withLng('webportal/download')).toBe('webportal/download');
  });
});

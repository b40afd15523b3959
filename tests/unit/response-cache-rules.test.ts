import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AnswerLru, type CachedAnswer } from '../../server/http/response-cache';
import { cacheKey, candidateOf, graphqlBodyOperation, storable } from '../../server/http/response-cache.rules';

/** The response cache's rules (server/http/response-cache.rules.ts) and its LRU bounds (decision 0038). */
const HASH = 'sha256:abc';
const hashes = new Set([HASH, 'abc']);
const request = (method: string, headers: Record<string, string> = {}) => ({ method, headers }) as unknown as IncomingMessage;
const extensions = (hash: string) => encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }));
const answer = (bytes: number): CachedAnswer => ({ status: 200, headers: {}, names: [], body: Buffer.alloc(0), personVersion: 1, globalVersion: 1, bytes });

describe('response cache rules', () => {
  it('takes GET and JSON POST of an allow-listed persisted hash and REST getPersonalData, nothing else', () => {
    expect(candidateOf(request('GET'), '/graphql', `extensions=${extensions(HASH)}`, hashes)).toEqual({ kind: 'graphql-get', operation: HASH });
    expect(candidateOf(request('GET'), '/graphql', `extensions=${extensions('other')}`, hashes)).toBeNull();
    expect(candidateOf(request('GET'), '/graphql', `query=%7Bme%7Bid%7D%7D&extensions=${extensions(HASH)}`, hashes)).toBeNull();
    expect(candidateOf(request('GET'), '/graphql', 'extensions=%7Bbroken', hashes)).toBeNull();
    expect(candidateOf(request('POST', { 'content-type': 'application/json', 'content-length': '80' }), '/graphql', '', hashes)).toEqual({ kind: 'graphql-post' });
    expect(candidateOf(request('POST', { 'content-type': 'application/json' }), '/graphql', '', hashes)).toBeNull();
    expect(candidateOf(request('POST', { 'content-type': 'application/json', 'content-length': '20000' }), '/graphql', '', hashes)).toBeNull();
    expect(candidateOf(request('POST', { 'content-type': 'text/plain', 'content-length': '80' }), '/graphql', '', hashes)).toBeNull();
    expect(candidateOf(request('POST'), '/rest/getPersonalData', '', hashes)).toEqual({ kind: 'rest', operation: '/rest/getPersonalData' });
    expect(candidateOf(request('POST', { 'transfer-encoding': 'chunked' }), '/rest/getPersonalData', '', hashes)).toBeNull();
    expect(candidateOf(request('POST'), '/rest/changeAddress', '', hashes)).toBeNull();
    expect(candidateOf(request('GET'), '/rest/getPersonalData', '', hashes)).toBeNull();
  });

  it('names the operation of a POST body only by its hash, without query text', () => {
    const body = (value: unknown) => Buffer.from(JSON.stringify(value));
    expect(graphqlBodyOperation(body({ variables: {}, extensions: { persistedQuery: { sha256Hash: 'abc' } } }), hashes)).toBe('abc');
    expect(graphqlBodyOperation(body({ query: '{ me { id } }', extensions: { persistedQuery: { sha256Hash: 'abc' } } }), hashes)).toBeNull();
    expect(graphqlBodyOperation(body([{ extensions: { persistedQuery: { sha256Hash: 'abc' } } }]), hashes)).toBeNull();
    expect(graphqlBodyOperation(Buffer.from('{'), hashes)).toBeNull();
  });

  it('keys by session, mailbox, duty, date and request', () => {
    const session = { state: 'ACTIVE', personId: 1, tokenHash: 't', mailboxType: 'AWB_LB', selectedDutyId: null, stage: 'ACTIVE' } as const;
    const req = { operation: HASH, method: 'POST', url: '/graphql', accept: 'application/json', contentType: 'application/json', body: Buffer.from('{}') };
    const base = cacheKey(session, req, '2026-11-22');
    expect(cacheKey(session, req, '2026-11-22')).toBe(base);
    expect(cacheKey({ ...session, tokenHash: 'u' }, req, '2026-11-22')).not.toBe(base);
    expect(cacheKey({ ...session, mailboxType: 'ASP', selectedDutyId: 3 }, req, '2026-11-22')).not.toBe(base);
    expect(cacheKey(session, req, '2026-11-23')).not.toBe(base);
    expect(cacheKey(session, { ...req, accept: 'application/graphql-response+json' }, '2026-11-22')).not.toBe(base);
    expect(cacheKey(session, { ...req, body: Buffer.from('{"variables":{"a":1}}') }, '2026-11-22')).not.toBe(base);
  });

  it('stores only 200 answers without cookies and without GraphQL errors', () => {
    const ok = { status: 200, headers: {}, body: Buffer.from('{"data":{}}') };
    expect(storable(ok, true)).toBe(true);
    expect(storable({ ...ok, status: 406 }, false)).toBe(false);
    expect(storable({ ...ok, headers: { 'set-cookie': ['x=1'] } }, false)).toBe(false);
    expect(storable({ ...ok, body: Buffer.from('{"data":null,"errors":[{}]}') }, true)).toBe(false);
  });
});

describe('response cache LRU', () => {
  it('keeps at most its entries and bytes, the least recently used going first', () => {
    const lru = new AnswerLru(2, 100);
    lru.set('a', answer(10));
    lru.set('b', answer(10));
    expect(lru.get('a')).toBeDefined();
    lru.set('c', answer(10));
    expect([lru.get('a'), lru.get('b'), lru.get('c')].map(Boolean)).toEqual([true, false, true]);
    lru.set('d', answer(95));
    expect([lru.get('a'), lru.get('c'), lru.get('d')].map(Boolean)).toEqual([false, false, true]);
    lru.set('e', answer(101));
    expect(lru.get('e')).toBeUndefined();
    lru.set('d', answer(40));
    lru.set('f', answer(50));
    expect(lru.size).toBe(2);
  });
});

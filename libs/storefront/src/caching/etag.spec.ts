import { ifNoneMatchMatches, publicCacheControl, storefrontEtag } from './etag';

const parts = {
  catalogueVersion: '7',
  tokenId: 't1',
  scopes: ['store:read', 'products:read'],
  query: '{ store { name } }',
  variables: undefined,
  operationName: undefined,
  extensions: undefined,
  accept: 'application/json',
};

describe('storefront ETags', () => {
  it('is a strong, quoted tag that changes with every input it names', () => {
    const etag = storefrontEtag(parts);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(storefrontEtag({ ...parts })).toBe(etag);
    const changed = [
      { catalogueVersion: '8' },
      { tokenId: 't2' },
      { scopes: ['store:read'] },
      { query: '{ store { id } }' },
      { variables: '{"a":1}' },
      { operationName: 'Q' },
      { extensions: '{}' },
      { accept: 'application/graphql-response+json' },
    ];
    const tags = changed.map((c) => storefrontEtag({ ...parts, ...c }));
    expect(new Set([etag, ...tags]).size).toBe(changed.length + 1);
    // Moving text from one parameter to the next is another request, so another tag.
    expect(storefrontEtag({ ...parts, query: 'ab', variables: 'c' })).not.toBe(
      storefrontEtag({ ...parts, query: 'a', variables: 'bc' }),
    );
  });

  it('compares If-None-Match weakly, over lists; * and unquoted values never match', () => {
    const etag = '"abc"';
    for (const header of ['"abc"', 'W/"abc"', '"x", "abc"', 'W/"x",W/"abc"', ['"x"', '"abc"']])
      expect([header, ifNoneMatchMatches(header, etag)]).toEqual([header, true]);
    for (const header of [undefined, '', '*', 'abc', '"abcd"', '"ab"', 'W/"x"'])
      expect([header, ifNoneMatchMatches(header, etag)]).toEqual([header, false]);
  });

  it('says public, revalidate always — or shared caches keep it N seconds', () => {
    expect(publicCacheControl(0)).toBe('public, max-age=0, must-revalidate');
    expect(publicCacheControl(30)).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
  });
});

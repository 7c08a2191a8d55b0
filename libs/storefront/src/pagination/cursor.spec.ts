import { decodeCursor, encodeCursor } from './cursor';

describe('keyset cursors', () => {
  const key = { createdAt: '2026-01-02T03:04:05.123456Z', id: '0b6f2a53-4d0e-4c5e-9a55-1f7b8f5a9c01' };

  it('round-trips the sort key and is opaque base64url', () => {
    const cursor = encodeCursor('p', key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(key.id);
    expect(decodeCursor('p', cursor)).toEqual(key);
  });

  it('refuses a cursor of another list', () => {
    expect(decodeCursor('o', encodeCursor('p', key))).toBeNull();
  });

  it('refuses junk and tampered keys', () => {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      '',
      'not base64!',
      'x'.repeat(300),
      Buffer.from('{').toString('base64url'),
      enc(['p', key.createdAt]),
      enc(['p', '2026-01-02T03:04:05Z', key.id]),
      enc(['p', '2026-13-45T03:04:05.123456Z', key.id]),
      enc(['p', key.createdAt, 'not-a-uuid']),
      enc(['p', key.createdAt, "' OR 1=1 --"]),
      enc({ kind: 'p' }),
    ]) {
      expect(decodeCursor('p', bad)).toBeNull();
    }
  });
});

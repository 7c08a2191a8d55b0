import { decodeEventCursor, encodeEventCursor } from './event-cursor';

describe('event cursor', () => {
  const key = { createdAt: '2026-11-24T01:02:03.456789Z', id: '0b6f2f52-5d0e-4c0e-9a53-0f3f4f5a6b7c' };

  it('round-trips the key with its microseconds', () => {
    const cursor = encodeEventCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeEventCursor(cursor)).toEqual(key);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['another list', Buffer.from(JSON.stringify(['p', key.createdAt, key.id])).toString('base64url')],
    [
      'millisecond time',
      Buffer.from(JSON.stringify(['ev', '2026-11-24T01:02:03.456Z', key.id])).toString('base64url'),
    ],
    [
      'impossible date',
      Buffer.from(JSON.stringify(['ev', '2026-13-45T01:02:03.456789Z', key.id])).toString('base64url'),
    ],
    ['bad id', Buffer.from(JSON.stringify(['ev', key.createdAt, 'x'])).toString('base64url')],
    ['too long', 'a'.repeat(201)],
  ])('refuses %s', (_name, cursor) => {
    expect(decodeEventCursor(cursor)).toBeNull();
  });
});

import { isRead } from './sql';

describe('isRead: which statements may run a second time after their connection was lost', () => {
  it('plain SELECTs are reads', () => {
    expect(isRead('SELECT id FROM stores WHERE owner_id = $1')).toBe(true);
    expect(
      isRead('  select 1 AS live FROM oauth_apps a WHERE NOT EXISTS (SELECT 1 FROM revoked_tokens)'),
    ).toBe(true);
    expect(isRead('SELECT EXISTS (SELECT 1 FROM migrations) AS migrated')).toBe(true);
  });

  it('writes, locks, advisory locks and sequences are not', () => {
    for (const text of [
      'UPDATE sessions SET last_used_at = now() WHERE id = $1',
      'INSERT INTO revoked_tokens (jti) VALUES ($1)',
      'DELETE FROM stores WHERE id = $1',
      'WITH moved AS (DELETE FROM a RETURNING *) SELECT * FROM moved',
      'SELECT * FROM stores WHERE id = $1 FOR UPDATE',
      'SELECT * FROM stores WHERE id = $1 FOR NO KEY UPDATE',
      'SELECT * FROM stores FOR SHARE',
      'SELECT pg_advisory_lock($1)',
      'SELECT pg_try_advisory_lock($1::bigint) AS locked',
      "SELECT nextval('orders_number_seq')",
    ]) {
      expect({ text, read: isRead(text) }).toEqual({ text, read: false });
    }
  });
});

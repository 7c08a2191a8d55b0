import { TestApp } from '@app/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';

/**
 * The embedded default (no DATABASE_URL): PGlite in DATA_DIR, built by the same migrations, with the
 * generated development secrets kept beside it — so a restart keeps both the data and the sessions.
 * Runs on the embedded database even when the suite runs against a PostgreSQL server.
 */
describe('embedded PGlite database', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sf-embedded-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Empty secrets count as unset: the app generates them into DATA_DIR, as on a newcomer's first start.
  const env = { JWT_SECRET: '', OTP_PEPPER: '', PUBLIC_URL: 'http://localhost:3999' };

  it('starts, signs in, restarts on the same directory, and is still signed in', async () => {
    const first = await TestApp.start({ embedded: true, dataDir: dir, env });
    let pair;
    try {
      expect(first.config.databaseUrl).toBeNull();
      const [{ version }] = await first.app.get(DataSource).query('SELECT version()');
      expect(version).toMatch(/PostgreSQL/);
      const migrations = await first.app.get(DataSource).query('SELECT name FROM migrations ORDER BY id');
      expect(migrations.length).toBeGreaterThan(0);
      pair = await first.signIn('embedded@example.com');
      expect((await first.get('/v1/auth/me', { token: pair.access_token })).status).toBe(200);
    } finally {
      await first.close();
    }

    const second = await TestApp.start({ embedded: true, dataDir: dir, env });
    try {
      const me = await second.get('/v1/auth/me', { token: pair.access_token });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe('embedded@example.com');
      const refreshed = await second.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.session_id).toBe(pair.session_id);
    } finally {
      await second.close();
    }
  });

  it('keeps transactions isolated through its single connection (parallel single-use codes)', async () => {
    const t = await TestApp.start({ embedded: true });
    try {
      await t.post('/v1/auth/login', { email: 'race@example.com' });
      const code = /\b(\d{6})\b/.exec((await t.mail.waitFor('race@example.com')).subject)![1];
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.post('/v1/auth/login/verify', { email: 'race@example.com', otp: code }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

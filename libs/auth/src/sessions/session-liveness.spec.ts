import type { AppConfig } from '@app/core';
import type { Logger } from 'pino';
import type { SessionsRepository } from './sessions.repository';
import { SessionLiveness } from './session-liveness';

// The account token's liveness read with the repository replaced: what it asks the database, how a
// dead session answers, when the session's last use is written, and the providers list of /me.
const ACCOUNT = 'a0000000-0000-4000-8000-000000000001';
const SESSION = 'b0000000-0000-4000-8000-000000000001';

function setup(answer: { stale: boolean; providers?: string[] } | undefined) {
  const calls: { method: string; args: unknown[] }[] = [];
  const touched: string[] = [];
  const repository = {
    findLive: async (...args: unknown[]) => {
      calls.push({ method: 'findLive', args });
      return answer && { stale: answer.stale };
    },
    findLiveWithProfile: async (...args: unknown[]) => {
      calls.push({ method: 'findLiveWithProfile', args });
      return (
        answer && {
          stale: answer.stale,
          profile: {
            id: ACCOUNT,
            email: 'a@example.com',
            createdAt: '2026-01-02T03:04:05.678Z',
            providers: answer.providers ?? [],
          },
        }
      );
    },
    touch: async (sessionId: string) => {
      touched.push(sessionId);
    },
  } as unknown as SessionsRepository;
  const config = { sessionMaxAge: 2_592_000 } as AppConfig;
  const logger = { warn: () => undefined } as unknown as Logger;
  return { liveness: new SessionLiveness(repository, config, logger), calls, touched };
}

describe('SessionLiveness', () => {
  it('asks for the session with the maximum age and the one-minute touch granularity', async () => {
    const { liveness, calls } = setup({ stale: false });
    await expect(liveness.isLive(ACCOUNT, SESSION)).resolves.toBe(true);
    expect(calls).toEqual([{ method: 'findLive', args: [ACCOUNT, SESSION, 2_592_000, 60] }]);
  });

  it('refuses a session the database does not answer (revoked, expired, other account, deleted)', async () => {
    const { liveness, touched } = setup(undefined);
    await expect(liveness.isLive(ACCOUNT, SESSION)).resolves.toBe(false);
    await expect(liveness.liveProfile(ACCOUNT, SESSION)).resolves.toBeNull();
    expect(touched).toEqual([]);
  });

  it('records the use only when the last one is stale', async () => {
    const fresh = setup({ stale: false });
    await fresh.liveness.isLive(ACCOUNT, SESSION);
    await fresh.liveness.liveProfile(ACCOUNT, SESSION);
    expect(fresh.touched).toEqual([]);
    const stale = setup({ stale: true });
    await stale.liveness.isLive(ACCOUNT, SESSION);
    await stale.liveness.liveProfile(ACCOUNT, SESSION);
    expect(stale.touched).toEqual([SESSION, SESSION]);
  });

  it('lists each sign-in method once, in the fixed order otp, google, github', async () => {
    const { liveness } = setup({ stale: false, providers: ['github', 'google', 'otp', 'google'] });
    const profile = await liveness.liveProfile(ACCOUNT, SESSION);
    expect(profile).toEqual({
      id: ACCOUNT,
      email: 'a@example.com',
      createdAt: '2026-01-02T03:04:05.678Z',
      providers: ['otp', 'google', 'github'],
    });
  });
});

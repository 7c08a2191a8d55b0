'use strict';
// A peer of GET /v1/auth/me: Better Auth's GET /api/auth/get-session with database sessions (the cookie
// cache off, as by default), so every request reads the session and its user — the same revocation
// semantics as the service (bench/peers/better-auth/server.mjs). `me` is compared with it in the same round
// (issue 42: ≥ 8 ×).
const { betterAuthPeer, stopBetterAuthPeer } = require('./support/ceiling');

/** Signs up `count` accounts through Better Auth's own endpoint; their session cookies. */
async function signUpMany(baseUrl, count) {
  const cookies = [];
  for (let i = 0; i < count; i += 1) {
    const response = await globalThis.fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        email: `peer-${i}-${Date.now()}@bench.example`,
        password: 'bench-password-1234',
        name: `Peer ${i}`,
      }),
    });
    if (response.status !== 200)
      throw new Error(`Better Auth sign-up answered ${response.status}: ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    cookies.push(cookie);
  }
  return cookies;
}

module.exports = {
  name: 'peer-better-auth',
  title: 'peer: Better Auth get-session (database sessions)',
  order: 12,
  // Against me in the same round (issue 42: me ≥ 8 × Better Auth), judged on server CPU per request as the
  // Nest + Express peer is; the peer's req/s as a share of me's is printed beside. `loud`: a miss fails.
  ratioTo: 'me',
  ratioLabel: 'peer-better-auth/me',
  target: { minServerCpuRatio: 8, loud: true },
  async setup(ctx) {
    const { server } = await betterAuthPeer(ctx);
    const cookies = await signUpMany(server.baseUrl, ctx.connections);
    const probe = await globalThis.fetch(`${server.baseUrl}/api/auth/get-session`, {
      headers: { cookie: cookies[0] },
    });
    const body = await probe.json().catch(() => null);
    if (probe.status !== 200 || !body?.session) {
      throw new Error(`the peer answered ${probe.status} without a session: ${JSON.stringify(body)}`);
    }
    let next = 0;
    return {
      method: 'GET',
      url: `${server.baseUrl}/api/auth/get-session`,
      otherServer: server.pid,
      expectStatus: 200,
      setupClient(client) {
        client.setHeaders({ cookie: cookies[next++ % cookies.length] });
      },
    };
  },
  teardown: stopBetterAuthPeer,
};

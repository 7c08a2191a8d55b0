'use strict';
// What a scenario's setup(ctx) gets: where the server is, HTTP helpers, OTP sign-in through the real
// mail flow, and direct SQL on the benchmark database for bulk seeding.
const { Pool } = require('pg');
const { otpFrom } = require('./mail');

function createContext({ baseUrl, databaseUrl, mail, settings, log, serverEnv = {}, serverEntry }) {
  let pool = null;

  async function request(method, path, body, { token, headers = {} } = {}) {
    const init = { method, headers: { ...headers } };
    if (token) init.headers.authorization = `Bearer ${token}`;
    if (body !== undefined) {
      if (typeof body === 'string') {
        init.body = body;
      } else {
        init.body = JSON.stringify(body);
        init.headers['content-type'] ??= 'application/json';
      }
    }
    const response = await globalThis.fetch(`${baseUrl}${path}`, init);
    const text = await response.text();
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  /** Asserts an expected status and returns the parsed body. */
  async function expect(status, method, path, body, options) {
    const response = await request(method, path, body, options);
    if (response.status !== status) {
      throw new Error(`${method} ${path}: expected ${status}, got ${response.status} ${response.text}`);
    }
    return response.body;
  }

  async function signIn(email) {
    await expect(202, 'POST', '/v1/auth/login', { email });
    const otp = otpFrom(await mail.next(email));
    return expect(200, 'POST', '/v1/auth/login/verify', { email, otp });
  }

  /** count sign-ins of distinct e-mails `<prefix>-<i>@bench.example`, a few at a time. */
  async function signInMany(count, { prefix = 'bench', concurrency = 8 } = {}) {
    const pairs = new Array(count);
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const i = next++;
        pairs[i] = await signIn(`${prefix}-${i}@bench.example`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    return pairs;
  }

  async function query(sql, params = []) {
    pool ??= new Pool({ connectionString: databaseUrl, max: 4 });
    const result = await pool.query(sql, params);
    return result.rows;
  }

  return {
    baseUrl,
    databaseUrl,
    /** The environment the service was started with (its JWT_SECRET, for the ceiling server). */
    serverEnv,
    /** The built entry the service runs (--server-entry, else dist/): further instances run the same. */
    serverEntry,
    /** autocannon settings of this run: connections, duration, warmup, rounds. */
    ...settings,
    /** How many autocannon runs each scenario gets (warm-ups included): size consumable data by it. */
    runs: settings.rounds * 2,
    mail,
    log,
    request,
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
    expect,
    signIn,
    signInMany,
    query,
    async close() {
      if (pool) await pool.end();
    },
  };
}

module.exports = { createContext };

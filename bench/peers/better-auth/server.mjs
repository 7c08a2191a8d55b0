// A peer for GET /v1/auth/me: Better Auth (https://better-auth.com) as its documentation sets it up —
// `betterAuth({ database: new Pool(…) })` behind `toNodeHandler` on a plain Node HTTP server, e-mail and
// password accounts, database sessions. Its `get-session` reads the session (joined with its user) from
// PostgreSQL on every request — the cookie cache is off, as it is by default — so a revoked session is
// refused on the very next request: the same revocation semantics as the service's `/v1/auth/me`.
//   POST /api/auth/sign-up/email   — Better Auth's own sign-up (the scenario's set-up uses it)
//   GET  /api/auth/get-session     — what is measured: answers { session, user } for the cookie
//   GET  /health/live              — no I/O (how bench/lib/server.js sees it is up)
// Its tables live in their own schema (`better_auth`) of the bench's database, created here with Better
// Auth's own migrations. ES module: Better Auth ships no CommonJS build.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { betterAuth } from 'better-auth';
import { toNodeHandler } from 'better-auth/node';
import { getMigrations } from 'better-auth/db/migration';

const SCHEMA = 'better_auth';
const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
const baseURL = process.env.PUBLIC_URL ?? `http://${host}:${port}`;

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
await admin.end();

const auth = betterAuth({
  baseURL,
  secret: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString('hex'),
  database: new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${SCHEMA}`, max: 10 }),
  emailAndPassword: { enabled: true },
  // The service's /v1/auth/me has no rate limit either; Better Auth's is on in production by default.
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
});

const { runMigrations } = await getMigrations(auth.options);
await runMigrations();

const handler = toNodeHandler(auth);
const server = http.createServer((req, res) => {
  if (req.url === '/health/live') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
    return;
  }
  handler(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, host);
process.on('SIGTERM', () => server.close(() => process.exit(0)));

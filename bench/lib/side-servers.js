'use strict';
// Servers a run starts beside the service, once each, for the scenarios that need them (the ceiling, the
// peers, more instances of the service), and stops at the end. Each has its own log file in the temporary
// folder, removed after a clean stop (kept when the server failed, for the report).
const { join } = require('node:path');
const os = require('node:os');
const { rmSync } = require('node:fs');
const { startServer } = require('./server');

const started = new Map();

/** Starts the server `name` (`entry` with `env`) the first time it is asked for; the same one after. */
function startOnce(name, entry, env) {
  if (!started.has(name)) {
    started.set(
      name,
      (async () => {
        const logFile = join(os.tmpdir(), `sf-bench-${name}-${process.pid}.log`);
        const server = await startServer({ entry, logFile, env });
        return { server, logFile };
      })(),
    );
  }
  return started.get(name);
}

/** Stops the server `name` if it was started. */
async function stopStarted(name) {
  const running = started.get(name);
  if (!running) return;
  started.delete(name);
  const { server, logFile } = await running;
  const exit = await server.stop();
  if (!exit || exit.code === 0 || exit.signal === 'SIGTERM') rmSync(logFile, { force: true });
}

module.exports = { startOnce, stopStarted };

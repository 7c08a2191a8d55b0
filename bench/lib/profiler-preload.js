'use strict';
// Loaded into the SERVER process (node -r) by `npm run bench -- --cpu-prof`. The runner drives the V8
// CPU profiler over the IPC channel: { profile: 'start' }, then { profile: 'stop', file } writes the
// profile to `file` and answers { profiled: file }. This profiles only the measured runs, not the
// start-up, the sign-ins or the warm-ups. (Node's --cpu-prof writes only at a clean exit, which a
// SIGTERM-ed Nest app never has; and SIGUSR2 is one of Nest's shutdown signals.)
const inspector = require('node:inspector');
const { renameSync, writeFileSync } = require('node:fs');

const session = new inspector.Session();
session.connect();
session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 250 }));

process.on('message', (message) => {
  if (!message || typeof message.profile !== 'string') return;
  if (message.profile === 'start') {
    session.post('Profiler.start', () => process.send({ profiling: true }));
    return;
  }
  if (message.profile === 'stop') {
    session.post('Profiler.stop', (error, result) => {
      if (error) return process.send({ profiled: null, error: error.message });
      writeFileSync(`${message.file}.tmp`, JSON.stringify(result.profile));
      renameSync(`${message.file}.tmp`, message.file);
      process.send({ profiled: message.file });
    });
  }
});
// The IPC channel must not keep the server alive on its own.
if (process.channel) process.channel.unref();

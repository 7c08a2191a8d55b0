'use strict';
// The ceiling for the per-request cost: a bare NestJS-on-Fastify route with no I/O and nothing
// around it (bench/ceiling/server.js). The service's /health/live is judged against it.
const { ceiling, stopCeiling } = require('./support/ceiling');

module.exports = {
  name: 'bare',
  title: 'bare Nest/Fastify route (no I/O)',
  order: -1,
  async setup(ctx) {
    const { server } = await ceiling(ctx);
    return {
      method: 'GET',
      url: `${server.baseUrl}/health/live`,
      otherServer: server.pid,
      expectStatus: 200,
    };
  },
  teardown: stopCeiling,
};

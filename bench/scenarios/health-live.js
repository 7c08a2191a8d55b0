'use strict';
// The baseline every other scenario is compared with: a public route that does no I/O at all, so it
// measures the HTTP stack alone (Fastify, Nest routing, the global guards, helmet, CORS, the request
// id and log hooks). Always measured, whatever the filter.
module.exports = {
  name: 'live',
  title: 'GET /health/live',
  order: 0,
  // The service's per-request overhead, against a bare Nest/Fastify route: ≥ 80 %.
  ratioTo: 'bare',
  ratioLabel: 'live/bare',
  target: { minRatio: 0.8 },
  setup: () => ({ method: 'GET', path: '/health/live' }),
};

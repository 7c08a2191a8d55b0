'use strict';
// `me-tracing` with one trace in ten kept (OTEL_TRACES_SAMPLER=parentbased_traceidratio,
// OTEL_TRACES_SAMPLER_ARG=0.1), how a busy production instance would run it: every request still goes
// through the instrumentation and carries a context, one in ten records and exports its spans.
const { stopInstance, tracedInstance, meOn } = require('./support/instance');

module.exports = {
  name: 'me-tracing-10',
  title: 'GET /v1/auth/me, tracing, 10 % sampled',
  order: 13,
  ratioTo: 'me',
  ratioLabel: 'me-tracing-10/me',
  async setup(ctx) {
    const { server } = await tracedInstance(ctx, 'me-tracing-10', {
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    });
    return { ...(await meOn(ctx, server.baseUrl)), otherServer: server.pid };
  },
  teardown: () => stopInstance('me-tracing-10'),
};

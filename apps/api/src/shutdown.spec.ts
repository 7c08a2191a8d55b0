import { shutdownFor } from './shutdown';

describe('shutdownFor: the delay a signal waits', () => {
  const config = { shutdownDelay: 5, shutdownTimeout: 30 };

  it('skips SHUTDOWN_DELAY for Ctrl-C (SIGINT) outside production: no balancer watches a terminal', () => {
    expect(shutdownFor('SIGINT', { ...config, production: false })).toEqual({
      shutdownDelay: 0,
      shutdownTimeout: 30,
    });
  });

  it('waits SHUTDOWN_DELAY for SIGTERM anywhere, and for SIGINT in production', () => {
    expect(shutdownFor('SIGTERM', { ...config, production: false }).shutdownDelay).toBe(5);
    expect(shutdownFor('SIGTERM', { ...config, production: true }).shutdownDelay).toBe(5);
    expect(shutdownFor('SIGINT', { ...config, production: true }).shutdownDelay).toBe(5);
  });
});

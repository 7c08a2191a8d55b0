import type { AppConfig } from '@app/core';

/** CORS for the browsers at CORS_ORIGINS (none when unset): what they may send and read. */
export function corsOptions(config: AppConfig) {
  return {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Idempotency-Key', 'X-Client-Info'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'RateLimit', 'WWW-Authenticate', 'Idempotent-Replayed'],
    maxAge: 600,
  };
}

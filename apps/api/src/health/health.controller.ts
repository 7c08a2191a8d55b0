import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Dependencies, Public } from '@app/core';
import { Sql } from '@app/database';

/**
 * Readiness asks what requests ask: a named prepared statement (when they are on) on a table the
 * migrations made, through the same pool and helper as the per-request reads. `SELECT 1` on the simple
 * protocol answered while every prepared statement failed (the embedded database after an idle pool
 * timeout); this does not.
 */
const READINESS_PROBE = {
  name: 'health_ready',
  text: `SELECT EXISTS (SELECT 1 FROM migrations) AS migrated`,
};

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly sql: Sql,
    private readonly dependencies: Dependencies,
  ) {}

  @Public()
  @Get('live')
  @HttpCode(200)
  @ApiOperation({ summary: 'The process is up (no I/O).' })
  @ApiResponse({ status: 200, schema: { example: { status: 'ok' } } })
  live() {
    return { status: 'ok' };
  }

  @Public()
  @Get('ready')
  @ApiOperation({ summary: 'The database answers.' })
  @ApiResponse({ status: 200, schema: { example: { status: 'ok', database: 'up', redis: 'up' } } })
  @ApiResponse({ status: 503, schema: { example: { status: 'unavailable', database: 'down' } } })
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    // After SIGTERM the balancer must take this instance out at once, whatever the database says
    // (apps/api/src/shutdown.ts): the process still serves for SHUTDOWN_DELAY seconds meanwhile.
    if (this.dependencies.shuttingDown) {
      reply.status(503);
      return { status: 'shutting_down' };
    }
    const database = this.dependencies.monitor('database');
    try {
      await Promise.race([
        this.sql.one(READINESS_PROBE),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      database.succeeded();
      return { status: 'ok', database: 'up', ...this.redis() };
    } catch (error) {
      database.failed(error);
      reply.status(503);
      return { status: 'unavailable', database: 'down', ...this.redis() };
    }
  }

  /**
   * Redis only accelerates (rate-limit counters): its outage never fails readiness, it shows as
   * `degraded` (counting per instance). No field when REDIS_URL is unset.
   */
  private redis(): { redis?: 'up' | 'degraded' } {
    const state = this.dependencies.state('redis');
    return state ? { redis: state === 'up' ? 'up' : 'degraded' } : {};
  }
}

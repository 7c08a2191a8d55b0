import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '@app/core';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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
  @ApiResponse({ status: 200, schema: { example: { status: 'ok', database: 'up' } } })
  @ApiResponse({ status: 503, schema: { example: { status: 'unavailable', database: 'down' } } })
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      return { status: 'ok', database: 'up' };
    } catch {
      reply.status(503);
      return { status: 'unavailable', database: 'down' };
    }
  }
}

import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { HealthService } from './health.service.js';

const healthSchema = z.object({
  status: z
    .enum(['UP', 'DEGRADED', 'DOWN'])
    .describe(
      'DOWN: the database or the log cannot be reached (503). DEGRADED: a projection stopped on an event (its read model stays behind until it ' +
        'is fixed and rebuilt; orders are still taken, 200).',
    ),
  database: z.enum(['UP', 'DOWN']),
  eventStore: z.enum(['UP', 'DOWN']),
  headPosition: z.string().nullable().describe('Global position of the newest event.'),
  projections: z.array(
    z.object({
      name: z.string(),
      position: z.string(),
      lag: z.string().nullable(),
      error: z.string().nullable().describe('Why the projection stopped (the event it failed on), while it is stopped; else null.'),
    }),
  ),
});
export type Health = z.infer<typeof healthSchema>;
class HealthDto extends createZodDto(healthSchema) {}

@ApiTags('operations')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ operationId: 'getHealth', summary: 'Liveness and readiness: database, event log, projection lag.' })
  @ApiResponse({ status: 200, description: 'Up, or degraded: a projection stopped (named with its error).', type: HealthDto.Output })
  @ApiResponse({ status: 503, description: 'A dependency is down; same body.', type: HealthDto.Output })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<Health> {
    const report = await this.health.check();
    reply.code(report.status === 'DOWN' ? 503 : 200).header('Cache-Control', 'no-store');
    return report;
  }
}

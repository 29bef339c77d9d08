import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { success, ZodResponse } from '@ticketing/wire';
import { type BenchProfiles, BenchProfiler } from './bench-profiler.service.js';
import { BenchSeats } from './bench-seats.service.js';
import {
  BenchHoldDto,
  BenchHoldResponseDto,
  BenchNoopResponseDto,
  BenchProfileDto,
  BenchSetupDto,
  BenchSetupResponseDto,
} from './bench-routes.schemas.js';

/**
 * Reference points for bench/rush, on the same framework path as the public API (policies, zod pipe and
 * serializer, exception filter): a no-op (the HTTP ceiling) and alf.io's way of holding seats. Not part of the
 * public API: left out of the OpenAPI description, exempt from the anti-forgery check, mounted only with
 * BENCH_ROUTES=1.
 */
@ApiExcludeController()
@Controller('api/bench')
export class BenchRoutesController {
  constructor(
    private readonly seats: BenchSeats,
    private readonly profiler: BenchProfiler,
  ) {}

  @Post('noop')
  @HttpCode(200)
  @ZodResponse({ status: 200, type: BenchNoopResponseDto })
  noop(): BenchNoopResponseDto {
    return { success: true, value: randomUUID() };
  }

  @Post('skip-locked/setup')
  @HttpCode(200)
  @ZodResponse({ status: 200, type: BenchSetupResponseDto })
  async setup(@Body() body: BenchSetupDto): Promise<BenchSetupResponseDto> {
    return success(await this.seats.setup(body.seats));
  }

  @Post('skip-locked/hold')
  @HttpCode(200)
  @ZodResponse({ status: 200, type: BenchHoldResponseDto })
  async hold(@Body() body: BenchHoldDto): Promise<BenchHoldResponseDto> {
    return success(await this.seats.hold(body.quantity));
  }

  @Post('profile/start')
  @HttpCode(204)
  async startProfile(@Body() body: BenchProfileDto): Promise<void> {
    await this.profiler.start(body);
  }

  /** The main thread's CPU and allocation profiles since `profile/start`. */
  @Post('profile/stop')
  @HttpCode(200)
  async stopProfile(): Promise<BenchProfiles | null> {
    return this.profiler.stop();
  }
}

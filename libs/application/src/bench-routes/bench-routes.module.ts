import { Module } from '@nestjs/common';
import { BenchRoutesController } from './bench-routes.controller.js';
import { BenchProfiler } from './bench-profiler.service.js';
import { BenchSeats } from './bench-seats.service.js';

/** Benchmark-only routes under /api/bench (see bench/rush); AppModule imports it only when BENCH_ROUTES=1. */
@Module({
  controllers: [BenchRoutesController],
  providers: [BenchSeats, BenchProfiler],
})
export class BenchRoutesModule {}

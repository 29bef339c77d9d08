import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

/** Structured JSON logs on stdout: one object a line, with `context` naming the Nest component. */
export function createRootLogger(level: string): Logger {
  return pino({ level, base: { service: 'ticketing-api' }, timestamp: pino.stdTimeFunctions.isoTime });
}

export class JsonNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, params: unknown[]): void {
    const context = typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
    const detail = params.length > 0 ? { detail: params } : {};
    if (message instanceof Error) this.logger[level]({ context, err: message, ...detail }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ context, ...message, ...detail });
    else this.logger[level]({ context, ...detail }, String(message));
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }
}

import { Body, Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// Browsers send `{ "csp-report": {...} }` (report-uri); only the fields worth logging are read, the rest ignored.
const cspReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': z.string().max(2048).optional(),
    'violated-directive': z.string().max(512).optional(),
    'effective-directive': z.string().max(512).optional(),
    'blocked-uri': z.string().max(2048).optional(),
  }),
});
class CspReportDto extends createZodDto(cspReportSchema) {}

/** Where browsers report Content-Security-Policy violations: logged, so a broken or attacked page is seen. */
@ApiExcludeController()
@Controller('report-csp-violation')
export class CspReportController {
  private readonly logger = new Logger('CspViolation');

  @Post()
  @HttpCode(204)
  report(@Body() body: CspReportDto): void {
    this.logger.warn({ event: 'csp-violation', ...body['csp-report'] });
  }
}

import { Body, Controller, HttpCode, Post, Put, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { catalogErrors } from '@ticketing/catalog/domain';
import type { CatalogImportReport } from './catalog-import-report.js';
import { dataUriImages } from './image-loader.js';
import { ImportCatalogService } from './import-catalog.service.js';
import { checkCatalogDocument } from './catalog-file/parse-catalog-file.js';
import { CatalogDocumentDto, CatalogImportResponseDto, type CatalogImportResponse } from './import-catalog.dto.js';
import { foreignEntries } from './catalog-ownership.js';
import { AuthenticatedOrganizer, OrganizerApiKeyGuard, ZodResponse } from '@ticketing/wire';

function envelope(report: CatalogImportReport): CatalogImportResponse {
  return {
    success: report.ok,
    errorCount: report.errors.length,
    validationErrors: report.errors.map((e) => ({
      fieldName: e.path || 'request',
      code: e.code,
      arguments: e.args.length === 0 ? null : Object.fromEntries(e.args.map((a, i) => [String(i), a])),
    })),
    // Plain copies: the wire schema's arrays are mutable, the report's are not.
    value: {
      ...report,
      errors: report.errors.map((e) => ({ ...e, args: [...e.args] })),
      streams: report.streams.map((s) => ({ ...s, events: [...s.events] })),
      written: [...report.written],
    },
    warnings: [],
  };
}

const refused = (errors: CatalogImportReport['errors']): CatalogImportReport => ({ ok: false, applied: false, errors, streams: [], eventsAppended: 0, written: [] });

/**
 * The organizer's catalog API: the same document as a catalog file, as JSON, with images inline as data URIs.
 * The body is checked here rather than by the global zod pipe, so the API and the CLI report the same codes
 * and paths (`events[2].categories[0].price`, `error.catalog.negative`).
 */
@ApiTags('organizer')
@ApiSecurity('organizerApiKey')
@UseGuards(OrganizerApiKeyGuard)
@Controller('api/v2/organizer/catalog')
export class ImportCatalogController {
  constructor(private readonly service: ImportCatalogService) {}

  @Put()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'importCatalog',
    summary: 'Import a catalog: appends only what changed; an invalid document is refused whole.',
  })
  @ApiBody({ type: CatalogDocumentDto })
  @ZodResponse({ status: 200, type: CatalogImportResponseDto, description: 'Imported: the report says what changed (nothing, when sent twice).' })
  @ApiResponse({ status: 401, description: 'No `Authorization: ApiKey <key>` header, or an unknown key.' })
  @ApiResponse({ status: 403, type: CatalogImportResponseDto.Output, description: "The document holds another organizer's data." })
  @ApiResponse({ status: 422, type: CatalogImportResponseDto.Output, description: 'Invalid: every error with its path; nothing was imported.' })
  @ApiResponse({
    status: 409,
    type: CatalogImportResponseDto.Output,
    description:
      'Interrupted by a concurrent change: nothing was imported (the document is one append; `value.written` is empty). Send the same document again: it is decided on what is in now.',
  })
  async importCatalog(@Body() body: unknown, @AuthenticatedOrganizer() organizer: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<CatalogImportResponse> {
    return this.run('import', body, organizer, reply);
  }

  @Post('validate')
  @HttpCode(200)
  @ApiOperation({ operationId: 'validateCatalog', summary: 'Check a catalog and report what an import would append, without importing.' })
  @ApiBody({ type: CatalogDocumentDto })
  @ZodResponse({ status: 200, type: CatalogImportResponseDto, description: 'Valid: the report lists what an import would append.' })
  @ApiResponse({ status: 401, description: 'No `Authorization: ApiKey <key>` header, or an unknown key.' })
  @ApiResponse({ status: 403, type: CatalogImportResponseDto.Output, description: "The document holds another organizer's data." })
  @ApiResponse({ status: 422, type: CatalogImportResponseDto.Output, description: 'Invalid: every error with its path.' })
  async validateCatalog(@Body() body: unknown, @AuthenticatedOrganizer() organizer: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<CatalogImportResponse> {
    return this.run('validate', body, organizer, reply);
  }

  private async run(mode: 'import' | 'validate', body: unknown, organizer: string, reply: FastifyReply): Promise<CatalogImportResponse> {
    const parsed = checkCatalogDocument(body);
    if (!parsed.ok) {
      reply.status(422);
      return envelope(refused(parsed.issues));
    }
    const foreign = foreignEntries(parsed.file, organizer);
    if (foreign.length > 0) {
      reply.status(403);
      return envelope(refused(foreign));
    }
    const options = { actor: `organizer:${organizer}`, images: dataUriImages };
    const report = mode === 'import' ? await this.service.import(parsed.file, options) : await this.service.validate(parsed.file, options);
    // A short name or subscription id already owned by someone else is their data too.
    if (report.errors.some((e) => e.code === catalogErrors.ownedByAnotherOrganizer)) reply.status(403);
    else if (report.errors.some((e) => e.code === catalogErrors.appendFailed)) reply.status(409);
    else if (!report.ok) reply.status(422);
    return envelope(report);
  }
}

import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CatalogQueries } from '../shared/catalog-queries.js';
import { ShortNamePathDto } from '../shared/short-name-path.dto.js';
import { EventCodeResponseDto, ValidateCodeQueryDto } from './validate-code.dto.js';
import { ZodResponse } from '@ticketing/wire';

@ApiTags('events')
@Controller('api/v2/public')
export class ValidateCodeController {
  constructor(private readonly queries: CatalogQueries) {}

  @Get('event/:shortName/validate-code')
  @ApiOperation({
    operationId: 'validateCode',
    summary: 'Whether a promo or access code can be used now, and what it gives. 422 with error.STEP_1_CODE_NOT_FOUND otherwise (fieldName eventName for an unknown event).',
  })
  @ApiResponse({ status: 422, description: 'Not usable: `value` repeats the code with null type and discount.', type: EventCodeResponseDto.Output })
  @ZodResponse({ status: 200, type: EventCodeResponseDto })
  async validateCode(
    @Param() { shortName }: ShortNamePathDto,
    @Query() { code }: ValidateCodeQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventCodeResponseDto> {
    const result = await this.queries.validateCode(shortName, code);
    if (result.valid) return { success: true, errorCount: 0, validationErrors: [], value: result.value, warnings: [] };
    reply.status(422);
    return {
      success: false,
      errorCount: 1,
      validationErrors: [{ fieldName: result.fieldName, code: result.errorCode, arguments: null }],
      value: result.value,
      warnings: [],
    };
  }
}

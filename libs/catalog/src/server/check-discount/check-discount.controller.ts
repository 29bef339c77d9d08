import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CatalogQueries } from '../shared/catalog-queries.js';
import { ShortNamePathDto } from '../shared/short-name-path.dto.js';
import { CheckDiscountFormDto, DynamicDiscountDto } from './check-discount.dto.js';
import { ApiValidationFailure } from '@ticketing/wire';

/** Its HTTP spec is in ../validate-code/validate-code.int.spec.ts: both code calls share one event and its codes. */
@ApiTags('events')
@Controller('api/v2/public')
export class CheckDiscountController {
  constructor(private readonly queries: CatalogQueries) {}

  @Post('event/:shortName/check-discount')
  @HttpCode(200)
  @ApiOperation({ operationId: 'checkDiscount', summary: 'The automatic discount the selected quantities would get; 204 when there is none (also for an unknown event).' })
  @ApiResponse({ status: 200, description: 'A discount applies.', type: DynamicDiscountDto.Output })
  @ApiResponse({ status: 204, description: 'No automatic discount.' })
  @ApiValidationFailure()
  async checkDiscount(
    @Param() { shortName }: ShortNamePathDto,
    @Body() form: CheckDiscountFormDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DynamicDiscountDto | undefined> {
    const selection = form.reservation.map((r) => ({ ticketCategoryId: r.ticketCategoryId, amount: r.amount ?? r.quantity ?? 0 }));
    const discount = await this.queries.checkDiscount(shortName, selection);
    if (!discount) {
      reply.status(204);
      return undefined;
    }
    return DynamicDiscountDto.schema.parse(discount);
  }
}

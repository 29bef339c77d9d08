import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@ticketing/kernel';
import { ApiNotFound, ApiValidationFailure, ZodResponse } from '@ticketing/wire';
import { orderStory, subscriptionStory, ticketStory, type OrderStory } from '../queries/order-story/order-story.query.js';
import { AuditorApiKeyGuard } from './auditor-api-key.guard.js';
import { AUDIT_API_OPTIONS, type AuditApiOptions } from './audit-api.options.js';
import { OrderStoryDto, ReservationIdPathDto, SubscriptionIdPathDto, TicketIdPathDto, toWire } from './order-story.dto.js';

const found = (story: OrderStory | null, what: string, id: string): OrderStoryDto => {
  if (!story) throw new NotFoundError(what, id);
  return toWire(story);
};

/** Read-only: an order's whole story from the log, for auditors (issue 18). */
@ApiTags('audit')
@ApiSecurity('auditorApiKey')
@UseGuards(AuditorApiKeyGuard)
@ApiResponse({ status: 401, description: 'No `Authorization: ApiKey <key>` header, or an unknown key.' })
@ApiResponse({ status: 403, description: 'A key of another role than `auditor` (an organizer key).' })
@Controller('api/v2/audit')
export class OrderStoryController {
  constructor(@Inject(AUDIT_API_OPTIONS) private readonly options: AuditApiOptions) {}

  @Get('order/:reservationId')
  @ApiOperation({
    operationId: 'auditOrder',
    summary:
      "Every event of every stream the order touched (its reservation, its holds on the event's inventory, its tickets, payment attempts, a pass, " +
      'its invoice number, its user), in log order, with actor, correlation, causation, amounts and the order\'s status after each step. ' +
      'Personal data reads "[erased]" once its subject was forgotten.',
  })
  @ApiNotFound('Reservation')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: OrderStoryDto })
  async order(@Param() { reservationId }: ReservationIdPathDto): Promise<OrderStoryDto> {
    return found(await orderStory(this.options.store, reservationId, this.options.orderStatus, { db: this.options.db }), 'reservation', reservationId);
  }

  @Get('ticket/:ticketId')
  @ApiOperation({ operationId: 'auditTicket', summary: 'The story of the order that bought the ticket (see auditOrder).' })
  @ApiNotFound('Ticket')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: OrderStoryDto })
  async ticket(@Param() { ticketId }: TicketIdPathDto): Promise<OrderStoryDto> {
    return found(await ticketStory(this.options.store, ticketId, this.options.orderStatus, { db: this.options.db }), 'ticket', ticketId);
  }

  @Get('subscription/:subscriptionId')
  @ApiOperation({ operationId: 'auditSubscription', summary: 'The story of the order that bought the pass (see auditOrder), and the orders that used it (`usedBy`).' })
  @ApiNotFound('Subscription')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: OrderStoryDto })
  async subscription(@Param() { subscriptionId }: SubscriptionIdPathDto): Promise<OrderStoryDto> {
    return found(await subscriptionStory(this.options.store, subscriptionId, this.options.orderStatus, { db: this.options.db }), 'subscription', subscriptionId);
  }
}

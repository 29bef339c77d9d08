import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '@ticketing/kernel';
import { CatalogQueries } from '../shared/catalog-queries.js';
import { CalendarPathDto, CalendarQueryDto } from './event-calendar.dto.js';
import { ApiNotFound, ApiValidationFailure } from '@ticketing/wire';

@ApiTags('events')
@Controller('api/v2/public/event')
export class EventCalendarController {
  constructor(private readonly queries: CatalogQueries) {}

  @Get(':shortName/calendar/:lang')
  @ApiOperation({
    operationId: 'getEventCalendar',
    summary: 'The event as an iCalendar file (UTC times), or with type=google a redirect to a Google Calendar entry.',
  })
  @ApiResponse({
    status: 200,
    description: 'RFC 5545 calendar with one VEVENT, shown inline as calendar.ics.',
    content: { 'text/calendar': { schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 302, description: 'type=google: Location is the Google Calendar template URL.' })
  @ApiNotFound('Event')
  @ApiValidationFailure()
  async getEventCalendar(
    @Param() { shortName, lang }: CalendarPathDto,
    @Query() { type }: CalendarQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const calendar = await this.queries.eventCalendar(shortName, lang);
    if (!calendar) throw new NotFoundError('event', shortName);
    if (type === 'google') {
      reply.status(302).header('Location', calendar.googleUrl);
      return '';
    }
    reply.header('Content-Type', 'text/calendar; charset=utf-8').header('Content-Disposition', 'inline; filename="calendar.ics"');
    return calendar.ics;
  }
}

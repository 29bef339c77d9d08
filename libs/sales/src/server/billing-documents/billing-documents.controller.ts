import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiNotFound, ApiValidationFailure } from '@ticketing/wire';
import { BillingDocumentPathDto } from './billing-documents.dto.js';
import { BillingDocuments, type BillingDocumentKind } from './billing-documents.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

const pdfResponse = (description: string) =>
  ApiResponse({
    status: 200,
    description: `${description} As an attachment (Content-Disposition), with X-Robots-Tag: noindex.`,
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  });

/** The invoice and receipt downloads of a paid order (reference 23; spec 7 links, event or pass). */
@ApiTags('reservations')
@Controller('api/v2/public')
export class BillingDocumentsController {
  constructor(private readonly documents: BillingDocuments) {}

  @Get(':purchaseContextType/:publicIdentifier/reservation/:reservationId/invoice')
  @ApiOperation({
    operationId: 'downloadInvoice',
    summary:
      'The invoice of a paid order that has an invoice number, as a PDF named <event>-<yyyy-MM-dd-HHmmss>-<number>-<reservationId>.pdf. ' +
      '404 for an unknown event or order, a cancelled or expired one, or one without an invoice number (it may be FINALIZING: ask again).',
  })
  @pdfResponse('The invoice.')
  @ApiNotFound('Event, reservation or invoice')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  invoice(@Param() path: BillingDocumentPathDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return this.send('invoice', path, reply);
  }

  @Get(':purchaseContextType/:publicIdentifier/reservation/:reservationId/receipt')
  @ApiOperation({
    operationId: 'downloadReceipt',
    summary:
      'The receipt of a paid order without an invoice number, as a PDF named receipt-<event>-<reservationId>.pdf. 404 for an unknown ' +
      'event or order, a cancelled or expired one, one with an invoice number, or one not paid (or free, or of an event issuing only invoices).',
  })
  @pdfResponse('The receipt.')
  @ApiResponse({ status: 400, description: 'The event issues no receipts (Italian e-invoicing).' })
  @ApiNotFound('Event, reservation or receipt')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  receipt(@Param() path: BillingDocumentPathDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return this.send('receipt', path, reply);
  }

  private async send(kind: BillingDocumentKind, path: BillingDocumentPathDto, reply: FastifyReply): Promise<Buffer> {
    const { filename, pdf } = await this.documents.render({ kind, ...path });
    reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${filename}"`).header('X-Robots-Tag', 'noindex');
    return pdf;
  }
}

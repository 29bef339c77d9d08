import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

const langMap = z.record(z.string(), z.string()).describe('Text per language code.');

/** Reference 2 `ReservationHeader`. */
const reservationHeaderSchema = z.object({
  id: z.string(),
  status: z.string(),
  formattedExpiresOn: langMap.nullable(),
  formattedConfirmedOn: langMap.nullable().describe('null until the order was confirmed.'),
  formattedCreatedOn: langMap.nullable(),
  invoiceNumber: z.string().nullable(),
  finalPrice: z.number().describe('What the buyer pays, in the currency\'s units (0 for a free order).'),
  currencyCode: z.string(),
  usedVatPercent: z.number().nullable(),
  vatStatus: z.enum(['NONE', 'INCLUDED', 'NOT_INCLUDED']),
  items: z.array(
    z.object({
      id: z.string().describe('The ticket\'s id, or the pass\'s.'),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      type: langMap.describe('The ticket\'s category, or the pass\'s title.'),
    }),
  ),
});

/** Reference 2 `PurchaseContextWithReservations`: the signed-in user's orders of one event or one pass. */
export const purchaseContextWithReservationsSchema = z.object({
  title: langMap,
  publicIdentifier: z.string().describe('The event\'s short name, or the subscription descriptor\'s id.'),
  type: z.enum(['event', 'subscription']),
  formattedStartDate: langMap.nullable(),
  formattedEndDate: langMap.nullable(),
  sameDay: z.boolean(),
  reservations: z.array(reservationHeaderSchema),
});

export class PurchaseContextWithReservationsListDto extends createZodDto(z.array(purchaseContextWithReservationsSchema)) {}
export type PurchaseContextWithReservations = z.infer<typeof purchaseContextWithReservationsSchema>;

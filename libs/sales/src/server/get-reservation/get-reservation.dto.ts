import { createZodDto } from 'nestjs-zod';
import { reservationInfoSchema, reservationStatusInfoSchema } from './reservation-info.views.js';

export class ReservationInfoDto extends createZodDto(reservationInfoSchema) {}
export class ReservationStatusInfoDto extends createZodDto(reservationStatusInfoSchema) {}

import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { identifier, shortNameParam, validatedResponseSchema, wireInteger } from '@ticketing/wire';
import { pollSchema, pollWithOptionsSchema } from './poll.views.js';

const pin = identifier(64).describe("The attendee's poll PIN, as their checked-in ticket shows it (6 symbols; any case, spaces and dashes ignored).");
const pollId = z.coerce.number().int().min(1).max(2_147_483_647).describe("The poll's number within the event.");

export class PollsPathDto extends createZodDto(z.object({ eventName: shortNameParam })) {}
export class PollPathDto extends createZodDto(z.object({ eventName: shortNameParam, pollId })) {}
export class PollPinQueryDto extends createZodDto(z.object({ pin })) {}
export class PollAnswerFormDto extends createZodDto(
  z.object({ pin, optionId: wireInteger().describe('The chosen option of the poll.') }).describe('PollVoteForm'),
) {}

export class PollListResponseDto extends createZodDto(validatedResponseSchema(z.array(pollSchema)).describe('ValidatedResponse<[Poll]>')) {}
export class PollWithOptionsResponseDto extends createZodDto(validatedResponseSchema(pollWithOptionsSchema).describe('ValidatedResponse<PollWithOptions>')) {}
export class PollAnswerResponseDto extends createZodDto(validatedResponseSchema(z.boolean()).describe('ValidatedResponse<boolean>')) {}

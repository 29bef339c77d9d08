import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { itemsByCategorySchema } from '../shared/views/items-by-category.views.js';
import { identifier, optionalQuery } from '@ticketing/wire';

export class TicketCategoriesQueryDto extends createZodDto(
  z.object({ code: optionalQuery(identifier(255).describe('Promo, discount or access code; an unknown or unusable code changes nothing.')) }),
) {}

export class ItemsByCategoryDto extends createZodDto(itemsByCategorySchema) {}

import type { ItemsByCategory } from '../shared/views/items-by-category.views.js';
import { JsonBodies } from '../shared/json-bodies.js';
import { ItemsByCategoryDto } from './get-ticket-categories.dto.js';

const bodies = new JsonBodies();

/**
 * The JSON of the categories on offer as GET /api/v2/public/event/{shortName}/ticket-categories sends it (kept per
 * view, see JsonBodies): the call's answer, and what the storefront shell puts into an event page for its first render.
 */
export const ticketCategoriesBody = (items: ItemsByCategory): Buffer => bodies.of(ItemsByCategoryDto, items);

import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { catalogFileSchema } from './catalog-file/catalog-file.schema.js';

/** The request body: the catalog document, as in a catalog file. */
export class CatalogDocumentDto extends createZodDto(catalogFileSchema) {}

const catalogIssueSchema = z.object({
  path: z.string().describe('Where in the document, e.g. `events[2].categories[0].price`.'),
  code: z.string().describe('Stable code, e.g. `error.catalog.negative`.'),
  message: z.string().describe('English explanation.'),
  args: z.array(z.unknown()),
});

export const catalogImportReportSchema = z.object({
  ok: z.boolean().describe('No errors: everything was imported (or, for validate, would be).'),
  applied: z.boolean().describe('Something was appended (the import is one append: all of it or nothing).'),
  errors: z.array(catalogIssueSchema),
  streams: z
    .array(z.object({ streamId: z.string(), outcome: z.enum(['created', 'changed', 'unchanged']), events: z.array(z.string()) }))
    .describe('Every stream the document touches, with the events appended (or to append).'),
  eventsAppended: z.number().int().describe('Events appended (validate: that would be appended).'),
  written: z.array(z.string()).describe('Streams written: every changed stream when imported, none when refused or interrupted.'),
});

/** The house envelope (`success`, `validationErrors`, `value`) around the report, for 200, 403 and 422 alike. */
export const catalogImportResponseSchema = z.object({
  success: z.boolean(),
  errorCount: z.number().int(),
  validationErrors: z.array(
    z.object({
      fieldName: z.string().describe('Path in the document.'),
      code: z.string().nullable(),
      arguments: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  value: catalogImportReportSchema.nullable(),
  warnings: z.array(z.object({ code: z.string(), params: z.array(z.string()) })),
});

export class CatalogImportResponseDto extends createZodDto(catalogImportResponseSchema) {}
export type CatalogImportResponse = z.infer<typeof catalogImportResponseSchema>;

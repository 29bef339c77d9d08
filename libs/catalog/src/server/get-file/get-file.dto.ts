import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class FileIdPathDto extends createZodDto(
  z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'error.invalidFormat').describe('sha256 (hex) of the file, as in fileBlobId.') }),
) {}

import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '@ticketing/kernel';
import { CatalogQueries } from '../shared/catalog-queries.js';
import { noneMatchHits, notModified } from '../shared/conditional-get.js';
import { FileIdPathDto } from './get-file.dto.js';
import { ApiNotFound, ApiValidationFailure } from '@ticketing/wire';

/** Content-addressed: the bytes of an id never change, so caches may keep them for six months (as alf.io). */
const FILE_CACHE = 'public, max-age=15778463';
/** Only images are served as what they are; anything else is a download, so it can never run as a page of ours. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml']);

@ApiTags('files')
@Controller('file')
export class GetFileController {
  constructor(private readonly queries: CatalogQueries) {}

  @Get(':id')
  @ApiOperation({ operationId: 'getFile', summary: 'An image referenced by fileBlobId. ETag is the id; cacheable for six months.' })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The id (ETag) of a copy the client holds: 304.' })
  @ApiResponse({
    status: 200,
    description: 'The bytes, with their content type (anything but an image comes as a download).',
    content: Object.fromEntries([...IMAGE_TYPES, 'application/octet-stream'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiResponse({ status: 304, description: 'Not modified (empty body).' })
  @ApiNotFound('File')
  @ApiValidationFailure()
  async getFile(
    @Param() { id }: FileIdPathDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const etag = `"${id}"`;
    const cached = noneMatchHits(ifNoneMatch, etag);
    // A matching tag needs no lookup: the id is the hash of the bytes.
    const file = cached ? null : await this.queries.getFile(id);
    if (!cached && !file) throw new NotFoundError('file', id);
    reply.header('ETag', etag).header('Cache-Control', FILE_CACHE);
    if (!file) return notModified(reply);
    if (IMAGE_TYPES.has(file.contentType)) reply.header('Content-Type', file.contentType);
    else reply.header('Content-Type', 'application/octet-stream').header('Content-Disposition', 'attachment');
    return file.bytes;
  }
}

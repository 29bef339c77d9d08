import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppInfoService } from './app-info.service.js';
import { AlfioInfoDto } from './info.schemas.js';
import { ZodResponse } from '@ticketing/wire';

@ApiTags('info')
@Controller('api/v2/info')
export class InfoController {
  constructor(private readonly appInfo: AppInfoService) {}

  @Get()
  @Header('Cache-Control', 'public, max-age=600')
  @ApiOperation({ operationId: 'getInfo', summary: 'System configuration for the storefront (cacheable for 10 minutes).' })
  @ZodResponse({ status: 200, type: AlfioInfoDto })
  info(): AlfioInfoDto {
    return this.appInfo.current();
  }
}

import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

@ApiTags('user')
@Controller('api/v2/public/user')
export class UserController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('authentication-enabled')
  @ApiOperation({ operationId: 'isAuthenticationEnabled', summary: 'Whether visitors can sign in (OpenID).' })
  @ApiOkResponse({ description: 'Raw JSON boolean.', schema: { type: 'boolean' } })
  authenticationEnabled(): boolean {
    return this.config.openIdEnabled;
  }
}

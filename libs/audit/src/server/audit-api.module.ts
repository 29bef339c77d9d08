import { type DynamicModule, type InjectionToken, type ModuleMetadata, Module } from '@nestjs/common';
import { ApiKeyRoles, AuditorApiKeyGuard } from './auditor-api-key.guard.js';
import { AUDIT_API_OPTIONS, type AuditApiOptions } from './audit-api.options.js';
import { OrderStoryController } from './order-story.controller.js';

export interface AuditApiAsyncOptions {
  readonly imports?: ModuleMetadata['imports'];
  readonly inject?: InjectionToken[];
  readonly useFactory: (...args: never[]) => AuditApiOptions | Promise<AuditApiOptions>;
}

/**
 * `GET /api/v2/audit/{order,ticket,subscription}/{id}`, for API keys of the `auditor` role. The composition root
 * hands in the log, the sales domain's status fold and the keys (this library never imports a context or the app).
 */
@Module({})
export class AuditApiModule {
  static registerAsync(options: AuditApiAsyncOptions): DynamicModule {
    return {
      module: AuditApiModule,
      imports: options.imports ?? [],
      controllers: [OrderStoryController],
      providers: [
        { provide: AUDIT_API_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory as (...args: unknown[]) => AuditApiOptions },
        { provide: ApiKeyRoles, inject: [AUDIT_API_OPTIONS], useFactory: (o: AuditApiOptions) => ApiKeyRoles.parse(o.auditorKeys, o.organizerKeys) },
        AuditorApiKeyGuard,
      ],
    };
  }
}

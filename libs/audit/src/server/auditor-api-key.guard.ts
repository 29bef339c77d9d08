import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OrganizerApiKeys } from '@ticketing/wire';

/**
 * The API keys by role: AUDITOR_API_KEYS (`name:key` pairs) read the auditor API; ORGANIZER_API_KEYS are known too,
 * so that an organizer's key is told apart from no key at all (403, not 401).
 */
export class ApiKeyRoles {
  constructor(
    readonly auditors: OrganizerApiKeys,
    readonly organizers: OrganizerApiKeys,
  ) {}

  static parse(auditorKeys: string | undefined, organizerKeys: string | undefined): ApiKeyRoles {
    return new ApiKeyRoles(OrganizerApiKeys.parse(auditorKeys, 'AUDITOR_API_KEYS', 'name'), OrganizerApiKeys.parse(organizerKeys));
  }

  /** The role of the key in `Authorization: ApiKey <key>`, or null when absent, malformed or unknown. */
  roleOf(header: string | undefined): 'auditor' | 'organizer' | null {
    if (this.auditors.authenticate(header) !== undefined) return 'auditor';
    if (this.organizers.authenticate(header) !== undefined) return 'organizer';
    return null;
  }
}

/** 401 without a known key, 403 with a key of another role; an auditor's key passes. */
@Injectable()
export class AuditorApiKeyGuard implements CanActivate {
  constructor(private readonly roles: ApiKeyRoles) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const role = this.roles.roleOf(http.getRequest<FastifyRequest>().headers.authorization);
    if (role === 'auditor') return true;
    if (role !== null) throw new ForbiddenException();
    http.getResponse<FastifyReply>().header('WWW-Authenticate', 'ApiKey');
    throw new UnauthorizedException();
  }
}

import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException, createParamDecorator } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OrganizerApiKeys } from './organizer-api-keys.js';

type AuthenticatedRequest = FastifyRequest & { organizerSlug?: string };

/** 401 unless `Authorization: ApiKey <key>` names a configured key; remembers whose key it is. */
@Injectable()
export class OrganizerApiKeyGuard implements CanActivate {
  constructor(private readonly keys: OrganizerApiKeys) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const organizer = this.keys.authenticate(request.headers.authorization);
    if (organizer === undefined) {
      http.getResponse<FastifyReply>().header('WWW-Authenticate', 'ApiKey');
      throw new UnauthorizedException();
    }
    request.organizerSlug = organizer;
    return true;
  }
}

/** The slug of the organizer whose key authenticated the request (set by OrganizerApiKeyGuard). */
export const AuthenticatedOrganizer = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const slug = context.switchToHttp().getRequest<AuthenticatedRequest>().organizerSlug;
  if (slug === undefined) throw new UnauthorizedException();
  return slug;
});

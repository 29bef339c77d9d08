import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '@ticketing/event-store';
import { provenance } from '@ticketing/kernel';
import { userStreamId } from '@ticketing/accounts/contracts';
import { decideSignIn } from '@ticketing/accounts/domain';
import type { VerifiedIdentity } from '../openid/openid-login.js';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../tokens.js';
import { loadUser, userToLog } from '../users/user-log.js';
import { userIdOf } from '../users/user-id.js';

export const DEFAULT_LOGIN_LIFETIME_MS = 2 * 60 * 60 * 1000;

/** Who signed in, and whether this sign-in registered them (their first, or the first after a deletion). */
export interface SignedIn {
  readonly userId: string;
  readonly registered: boolean;
}

/** A verified identity signs in on the visitor session whose digest is `session`. */
export class SignInCommand extends Command<SignedIn> {
  constructor(
    readonly identity: VerifiedIdentity,
    readonly session: string,
  ) {
    super();
  }
}

/**
 * Registers the person at their first sign-in, records changed details, and binds the session: all on their
 * `user-{id}` stream in one append, and returns once the read models show it (the next page sees them signed in).
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, SignedIn> {
  constructor(@Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions) {}

  async execute({ identity, session }: SignInCommand): Promise<SignedIn> {
    const { store, clock, ids } = this.options;
    const userId = userIdOf(identity.issuer, identity.subject);
    return handleCommand({
      load: () => loadUser(store, userId),
      decide: ({ state, revision }) => {
        const now = clock.now();
        const events = decideSignIn(state, {
          type: 'SignIn',
          userId,
          ...identity,
          session,
          now,
          lifetimeMs: this.options.loginLifetimeMs ?? DEFAULT_LOGIN_LIFETIME_MS,
        });
        const metadata = provenance(ids.uuid(), `user:${userId}`, now);
        const registered = events.some((e) => e.type === 'UserRegistered');
        return { result: { userId, registered }, append: () => store.append(userStreamId(userId), events.map((e) => userToLog(e, metadata)), revision) };
      },
      written: (position) => this.options.waitForProjections(position),
    });
  }
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '@ticketing/event-store';
import { provenance } from '@ticketing/kernel';
import { userStreamId } from '@ticketing/accounts/contracts';
import { decideSignOut } from '@ticketing/accounts/domain';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../tokens.js';
import { loadUser, userToLog } from '../users/user-log.js';

/** The user leaves the visitor session whose digest is `session`. */
export class SignOutCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly session: string,
  ) {
    super();
  }
}

/** Appends the sign-out (nothing when the session is not theirs) and returns once the read models show it. */
@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, void> {
  constructor(@Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions) {}

  async execute({ userId, session }: SignOutCommand): Promise<void> {
    const { store, clock, ids } = this.options;
    await handleCommand({
      load: () => loadUser(store, userId),
      decide: ({ state, revision }) => {
        const events = decideSignOut(state, { type: 'SignOut', session });
        if (events.length === 0) return { result: undefined };
        const metadata = provenance(ids.uuid(), `user:${userId}`, clock.now());
        return { result: undefined, append: () => store.append(userStreamId(userId), events.map((e) => userToLog(e, metadata)), revision) };
      },
      written: (position) => this.options.waitForProjections(position),
    });
  }
}

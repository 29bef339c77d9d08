import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '@ticketing/event-store';
import { DomainError, provenance } from '@ticketing/kernel';
import { userStreamId } from '@ticketing/accounts/contracts';
import { decideDeleteUser, userErrors } from '@ticketing/accounts/domain';
import { ORDERS_TABLE } from '../my-orders/my-orders.projection.js';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../tokens.js';
import { loadUser, userToLog } from '../users/user-log.js';

/** The signed-in user deletes their profile (reference 3.6 item 45). */
export class DeleteUserCommand extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}

/**
 * Erases the person: first the keys of their own subject and of every subject their orders keep personal data under
 * (buyer, attendees, ticket holders, pass owners; listed by the orders read model), so the log's ciphertexts become
 * unreadable for good while its hash chain still verifies; then `UserDeleted` on their stream, which ends every session
 * and makes the read models drop what they had decrypted. Forgetting first: should the append fail, the erasure is
 * done all the same and a retry finishes it (forgetting a forgotten key changes nothing). Returns once the read
 * models show it.
 */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand, void> {
  constructor(@Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions) {}

  async execute({ userId }: DeleteUserCommand): Promise<void> {
    const { store, db, clock, ids } = this.options;
    if ((await loadUser(store, userId)).state.status !== 'REGISTERED') throw new DomainError(userErrors.unknown);
    // every order of theirs already appended is in the read model before its subjects are listed
    await this.options.waitForProjections(await store.headPosition());
    const { rows } = await db.query<{ reservation_id: string; subjects: string[] }>(`select reservation_id, subjects from ${ORDERS_TABLE} where owner_user_id = $1 order by created_at`, [userId]);
    const reservationIds = rows.map((r) => r.reservation_id);
    const erasedSubjects = [...new Set([userId, ...rows.flatMap((r) => r.subjects)])];
    for (const subject of erasedSubjects) await store.forgetSubject(subject);
    await handleCommand({
      load: () => loadUser(store, userId),
      decide: ({ state, revision }) => {
        const events = decideDeleteUser(state, { type: 'DeleteUser', reservationIds, erasedSubjects });
        const metadata = provenance(ids.uuid(), `user:${userId}`, clock.now());
        return { result: undefined, append: () => store.append(userStreamId(userId), events.map((e) => userToLog(e, metadata)), revision) };
      },
      written: (position) => this.options.waitForProjections(position),
    });
  }
}

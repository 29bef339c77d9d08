import { SUBJECT_FORGOTTEN, type RecordedEvent, type SubjectForgottenData } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { userEventTypes } from '@ticketing/accounts/domain';
import { ERASED_PROFILE, userFromLog } from '../users/user-log.js';
import { myOrdersProjection } from '../my-orders/my-orders.projection.js';

export const USERS_TABLE = 'accounts_users';
export const SESSIONS_TABLE = 'accounts_sessions';

/**
 * Who signed in where. `accounts_users`: one row per person with the provider's details and their saved profile
 * (decrypted; null once erased, and a deleted user's row keeps no personal data). `accounts_sessions`: one row per signed-in session (by digest) with its expiry; a sign-out marks it, an
 * expired or signed-out row is simply not read (the expiry is in the event, so a rebuild writes the same rows).
 */
async function apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const users = tx.table(USERS_TABLE);
  const sessions = tx.table(SESSIONS_TABLE);
  if (recorded.type === SUBJECT_FORGOTTEN) {
    // `audit forget-subject` of a person (their subject is their user id): names, e-mail and a saved profile read as
    // erased in the log now (a saved profile as an empty one, as userFromLog gives it); other subjects name no row
    const { subjectId } = recorded.data as unknown as SubjectForgottenData;
    await tx.client.query(
      `update ${users} set first_name = null, last_name = null, email = null, profile = case when profile is null then null else $2::jsonb end
       where user_id::text = $1`,
      [subjectId, JSON.stringify(ERASED_PROFILE)],
    );
    return;
  }
  const event = userFromLog(recorded);
  const at = recorded.metadata.occurredAt;
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, issuer, subject, details } = event.data;
      await tx.client.query(
        `insert into ${users} (user_id, issuer, subject, first_name, last_name, email, profile, deleted, registered_at, updated_at, revision)
         values ($1, $2, $3, $4, $5, $6, null, false, $7, $7, $8)
         on conflict (user_id) do update set first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email, profile = null,
           deleted = false, registered_at = excluded.registered_at, updated_at = excluded.updated_at, revision = excluded.revision
         where ${users}.revision < excluded.revision`,
        [userId, issuer, subject, details.firstName, details.lastName, details.email, at, recorded.revision],
      );
      return;
    }
    case 'UserDetailsChanged': {
      const { userId, details } = event.data;
      await tx.client.query(`update ${users} set first_name = $2, last_name = $3, email = $4, updated_at = $5, revision = $6 where user_id = $1 and revision < $6`, [
        userId,
        details.firstName,
        details.lastName,
        details.email,
        at,
        recorded.revision,
      ]);
      return;
    }
    case 'UserProfileSaved':
      await tx.client.query(`update ${users} set profile = $2::jsonb, updated_at = $3, revision = $4 where user_id = $1 and revision < $4`, [
        event.data.userId,
        JSON.stringify(event.data.profile),
        at,
        recorded.revision,
      ]);
      return;
    case 'UserDeleted':
      // what was decrypted of the person goes; the row stays as a tombstone so that a replayed registration stays deleted
      await tx.client.query(
        `update ${users} set first_name = null, last_name = null, email = null, profile = null, deleted = true, updated_at = $2, revision = $3
         where user_id = $1 and revision < $3`,
        [event.data.userId, at, recorded.revision],
      );
      await tx.client.query(`update ${sessions} set signed_out = true, position = $2 where user_id = $1 and position < $2`, [event.data.userId, String(recorded.position)]);
      return;
    case 'UserSignedIn':
      // the latest event about a session wins, by global position (a session may be signed in by two people in turn)
      await tx.client.query(
        `insert into ${sessions} (session, user_id, signed_in_at, expires_at, signed_out, position) values ($1, $2, $3, $4, false, $5)
         on conflict (session) do update set user_id = excluded.user_id, signed_in_at = excluded.signed_in_at, expires_at = excluded.expires_at,
           signed_out = false, position = excluded.position
         where ${sessions}.position < excluded.position`,
        [event.data.session, event.data.userId, at, event.data.expiresAt, String(recorded.position)],
      );
      return;
    case 'UserSignedOut':
      // kept as signed out rather than deleted: a repeated delivery of the sign-in before it cannot bring it back
      await tx.client.query(`update ${sessions} set signed_out = true, position = $3 where session = $1 and user_id = $2 and position < $3`, [
        event.data.session,
        event.data.userId,
        String(recorded.position),
      ]);
      return;
  }
}

export const accountsProjection: Projection = {
  name: 'accounts-users',
  version: 2,
  canHandle: [...userEventTypes, SUBJECT_FORGOTTEN],
  tables: [
    {
      name: USERS_TABLE,
      ddl: (s) => `
        create table ${s.table(USERS_TABLE)} (
          user_id uuid primary key,
          issuer text not null,
          subject text not null,
          first_name text,
          last_name text,
          email text,
          profile jsonb,
          deleted boolean not null,
          registered_at timestamptz not null,
          updated_at timestamptz not null,
          revision integer not null
        );
        create unique index on ${s.table(USERS_TABLE)} (issuer, subject)`,
    },
    {
      name: SESSIONS_TABLE,
      ddl: (s) => `
        create table ${s.table(SESSIONS_TABLE)} (
          session text primary key,
          user_id uuid not null,
          signed_in_at timestamptz not null,
          expires_at timestamptz not null,
          signed_out boolean not null,
          position bigint not null
        );
        create index on ${s.table(SESSIONS_TABLE)} (user_id)`,
    },
  ],
  apply,
};

export const accountsProjections: readonly Projection[] = [accountsProjection, myOrdersProjection];

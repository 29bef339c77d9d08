import { type DynamicModule, type InjectionToken, type ModuleMetadata, Module } from '@nestjs/common';
import { SignedInUsers, UserProfiles } from '@ticketing/accounts/contracts';
import { LoginFlow } from './openid/login-flow.js';
import { OpenIdController } from './openid/openid.controller.js';
import { SignedInUsersReadModel } from './read-models/signed-in-users.query.js';
import { SignInHandler } from './sign-in/sign-in.command.js';
import { SignOutHandler } from './sign-out/sign-out.command.js';
import { SaveProfileHandler } from './save-profile/save-profile.command.js';
import { EventLogUserProfiles } from './save-profile/event-log-user-profiles.js';
import { DeleteUserHandler } from './delete-user/delete-user.command.js';
import { AccountQuery } from './read-models/account.query.js';
import { MyOrdersQuery } from './my-orders/my-orders.query.js';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from './tokens.js';
import { AccountController } from './user-me/user.controller.js';

export interface AccountsModuleAsyncOptions {
  readonly imports?: ModuleMetadata['imports'];
  readonly inject?: InjectionToken[];
  readonly useFactory: (...args: never[]) => AccountsOptions | Promise<AccountsOptions>;
}

/**
 * People who sign in: the OpenID Connect login (/openid/...), the signed-in user, their profile, their orders, logout
 * and deletion (/api/v2/public/user/...).
 * Other contexts ask who is signed in on a session through `SignedInUsers`, and save a signed-in buyer's booking on
 * their profile through `UserProfiles` (both exported).
 */
@Module({})
export class AccountsModule {
  static registerAsync(options: AccountsModuleAsyncOptions): DynamicModule {
    return {
      module: AccountsModule,
      imports: options.imports ?? [],
      controllers: [OpenIdController, AccountController],
      providers: [
        { provide: ACCOUNTS_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory as (...args: unknown[]) => AccountsOptions },
        SignedInUsersReadModel,
        { provide: SignedInUsers, useExisting: SignedInUsersReadModel },
        LoginFlow,
        SignInHandler,
        SignOutHandler,
        SaveProfileHandler,
        EventLogUserProfiles,
        { provide: UserProfiles, useExisting: EventLogUserProfiles },
        DeleteUserHandler,
        AccountQuery,
        MyOrdersQuery,
      ],
      exports: [SignedInUsers, UserProfiles],
    };
  }
}

// Settings: the plugin that registers the module's routes with their use cases: username and timezone,
// and the account's own life (changing its address, deleting it).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeTimezone } from './change-timezone.ts';
import { changeUsername } from './change-username.ts';
import { confirmEmailChange, requestEmailChange, undoEmailChange } from './change-email.ts';
import { deleteAccount, showAccountDeletion } from './delete-account.ts';
import type { LifecycleDeps } from './lifecycle-deps.ts';
import { lifecycleRoutes } from './lifecycle-routes.ts';
import { settingsRoutes } from './routes.ts';
import { showSettings } from './show-settings.ts';

/** The Set-Cookie value that removes the session cookie (its name and attributes as better-auth sets it). */
async function clearSessionCookie(deps: LifecycleDeps): Promise<string[]> {
  const { name, attributes: options } = (await deps.auth.$context).authCookies.sessionToken;
  const attributes = [`Path=${options.path ?? '/'}`, 'Max-Age=0', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) attributes.push('Secure');
  return [`${name}=; ${attributes.join('; ')}`];
}

export const accountModule =
  (deps: LifecycleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      settingsRoutes({
        showSettings: (user) => showSettings(deps.db, user),
        changeUsername: (user, username) => changeUsername(deps, user, username),
        changeTimezone: (user, timezone) => changeTimezone(deps, user, timezone),
      }),
    );
    await app.register(
      lifecycleRoutes({
        requestEmailChange: (user, input) => requestEmailChange(deps, user, input),
        confirmEmailChange: (token, ip) => confirmEmailChange(deps, token, ip),
        undoEmailChange: (token, ip) => undoEmailChange(deps, token, ip),
        showAccountDeletion: (user) => showAccountDeletion(deps, user),
        deleteAccount: (user, password) => deleteAccount(deps, user, password),
        clearSessionCookie: () => clearSessionCookie(deps),
      }),
    );
  };

import type { DemoUser } from './demo-users.js';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:24rem;padding:0 1rem;line-height:1.5;color:#1a1a1a}
label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #555;border-radius:4px}
input:focus,button:focus{outline:3px solid #1a5fb4;outline-offset:2px}button{margin-top:1.25rem;padding:.6rem 1rem;font-size:1rem;border-radius:4px;border:1px solid #1a5fb4;background:#1a5fb4;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a5fb4}.error{color:#a51d2d;font-weight:600}.hint{margin-top:2rem;font-size:.9rem;color:#444}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

/** The sign-in form: labelled fields, the error announced to screen readers, the demo accounts listed. */
export function loginPage(options: { uid: string; email?: string; error?: string; users: readonly DemoUser[] }): string {
  const { uid, email = '', error, users } = options;
  const action = `/interaction/${encodeURIComponent(uid)}`;
  return page(
    'Sign in - local OpenID provider',
    `<h1>Sign in</h1>
<p>Local OpenID provider for development and tests.</p>
${error ? `<p class="error" role="alert" id="login-error">${escape(error)}</p>` : ''}
<form method="post" action="${action}/login" novalidate>
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escape(email)}"${error ? ' aria-describedby="login-error" aria-invalid="true"' : ''} autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${error ? ' aria-describedby="login-error" aria-invalid="true"' : ''}>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="${action}/abort"><button type="submit" class="secondary">Cancel</button></form>
<section class="hint" aria-labelledby="demo-accounts"><h2 id="demo-accounts">Demo accounts</h2><ul>
${users.map((u) => `<li>${escape(u.email)} / ${escape(u.password)}</li>`).join('\n')}
</ul></section>`,
  );
}

/** Asked by the provider before it ends a session at the client's request (RP-initiated logout). */
export function logoutPage(host: string, form: string): string {
  return page(
    'Sign out - local OpenID provider',
    `<h1>Sign out of ${escape(host)}?</h1>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm" class="secondary">No, stay signed in</button>`,
  );
}

export function signedOutPage(): string {
  return page('Signed out - local OpenID provider', '<h1>Signed out</h1><p>You are signed out of the local OpenID provider.</p>');
}

export function errorPage(out: Record<string, unknown>): string {
  const rows = Object.entries(out).map(([key, value]) => `<dt>${escape(key)}</dt><dd>${escape(String(value))}</dd>`);
  return page('Error - local OpenID provider', `<h1>Something went wrong</h1><dl>${rows.join('')}</dl>`);
}

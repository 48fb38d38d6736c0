/**
 * `scheme://userinfo@host...`: the authority runs to the first `/`, `?`, `#` or blank, and the userinfo to
 * the last `@` in it (a password with a raw `@` is still all userinfo, as URL parsers read it).
 */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#]*)@/gi;

/**
 * The text with the credentials of every URL in it removed (`postgres://u:p@h/db` -> `postgres://h/db`),
 * and what was removed: the user name counts too, since a token is often passed as one.
 */
export function stripUrlCredentials(text: string): { text: string; credentials: string[] } {
  const credentials: string[] = [];
  const stripped = text.replace(URL_USERINFO, (_match, scheme: string, userinfo: string) => {
    credentials.push(userinfo);
    return scheme;
  });
  return { text: stripped, credentials };
}

/** The secrets in a URL's userinfo worth redacting: the whole `user:password`, and the password alone. */
export function credentialValues(userinfo: string): string[] {
  const colon = userinfo.indexOf(':');
  return colon < 0 ? [userinfo] : [userinfo, userinfo.slice(colon + 1)];
}

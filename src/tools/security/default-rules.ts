const RECURSIVE_RM = '/^rm\\s(.*\\s)?(-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)(\\s|$)/';
const CURL_PIPE_SHELL = '/(curl|wget)\\s.*\\|\\s*(sudo\\s+)?(ba|da|z|k)?sh(\\s|$)/';

/** How messages name the regex defaults. */
export const DEFAULT_RULE_NAMES: Readonly<Record<string, string>> = {
  [RECURSIVE_RM]: 'rm -r (recursive delete)',
  [CURL_PIPE_SHELL]: 'curl|wget ... | sh (running a download)',
};

/**
 * What the policy asks about unless told otherwise (`defaults: false` drops them; a rule of yours that
 * matches a command decides it before these are looked at). Destructive or outward commands only: an agent
 * must be able to work without a prompt for every `ls`.
 */
export const DEFAULT_ASK_PATTERNS: readonly string[] = [
  // Recursive deletes, whatever the flag spelling (-r, -R, -rf, -fr, --recursive).
  RECURSIVE_RM,
  'find * -delete*',
  CURL_PIPE_SHELL,
  // Changes that leave the machine or rewrite history.
  'git push*',
  'git reset --hard*',
  'git clean*',
  'npm publish*',
  'yarn publish*',
  'pnpm publish*',
  'cargo publish*',
  'twine upload*',
  'gem push*',
  'docker push*',
  'ssh *',
  'scp *',
  // Privileges and the machine itself.
  'sudo *',
  'doas *',
  'su *',
  'dd *',
  'mkfs*',
  'shutdown*',
  'reboot*',
  'chmod -R *',
  'chown -R *',
];

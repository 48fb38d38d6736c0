/** The environment every shell synapse starts gets: no pager waits for a keypress that never comes. */
export function shellEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, PAGER: 'cat', GIT_PAGER: 'cat' };
}

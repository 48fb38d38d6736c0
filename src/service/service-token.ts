import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** A bearer token as it can travel in a header: visible ASCII, no spaces. */
const TOKEN_TEXT = /^[\x21-\x7e]+$/;
/** What a token file must hold at least: a token nobody guesses. */
const MIN_STORED_LENGTH = 32;

/** Why the token file cannot be used: the CLI says it in one line. */
export class ServiceTokenError extends Error {
  override readonly name = 'ServiceTokenError';
}

/** Where `synapse serve` keeps the token it generated: in ~/.synapse, which the sandbox hides from every tool. */
export function defaultServiceTokenFile(home = homedir()): string {
  return join(home, '.synapse', 'service-token');
}

/** A token given on the command line or in the environment: non-empty, sendable in a header. */
export function checkServiceToken(token: string, where: string): string {
  if (!TOKEN_TEXT.test(token)) throw new ServiceTokenError(`${where}: expected a token of visible ASCII characters without spaces`);
  return token;
}

/**
 * The token in `file`, or a new one (32 random bytes, base64url) written there with mode 0600 when there
 * is none. The file is read without following a link, and refused when others can read it or it is not
 * the user's. A new file appears whole or not at all (written aside, then hard-linked into place), so
 * two services starting at once agree on one token.
 */
export function loadOrCreateServiceToken(file = defaultServiceTokenFile()): { token: string; file: string; created: boolean } {
  const existing = readTokenFile(file);
  if (existing !== undefined) return { token: existing, file, created: false };
  const token = randomBytes(32).toString('base64url');
  if (createTokenFile(file, token)) return { token, file, created: true };
  return { token: readTokenFile(file)!, file, created: false };
}

function readTokenFile(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw new ServiceTokenError(`${file} is a symbolic link: a token file must be a regular file (delete it to have a new token generated)`);
    throw new ServiceTokenError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new ServiceTokenError(`${file} is not a regular file`);
    if (process.getuid && stats.uid !== process.getuid()) throw new ServiceTokenError(`${file} belongs to another user (uid ${stats.uid}): delete it to have a new token generated`);
    if (stats.mode & 0o077) throw new ServiceTokenError(`${file} can be read by other users (mode ${(stats.mode & 0o777).toString(8)}): chmod 600 it, or delete it to have a new token generated`);
    const token = readFileSync(fd, 'utf8').trim();
    if (!TOKEN_TEXT.test(token) || token.length < MIN_STORED_LENGTH)
      throw new ServiceTokenError(`${file} does not hold a token (${MIN_STORED_LENGTH} or more visible ASCII characters): delete it to have a new one generated`);
    return token;
  } finally {
    closeSync(fd);
  }
}

/** Writes the token aside and links it into place: false when another process's file got there first. */
function createTokenFile(file: string, token: string): boolean {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  const fd = openSync(aside, 'wx', 0o600);
  try {
    writeSync(fd, `${token}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new ServiceTokenError(`cannot save the token to ${file}: ${(error as Error).message}`);
  } finally {
    rmSync(aside, { force: true });
  }
}

import type { RedisOptions } from 'ioredis';
import { ServiceError } from './service-error';

/** `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS) as ioredis options; bad input names the URL. */
export function redisOptionsFromUrl(url: string): RedisOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ServiceError(400, `--redis-url ${url} is not a URL (expected redis://host:port[/db])`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new ServiceError(400, `--redis-url ${url}: expected redis:// or rediss://`);
  const db = parsed.pathname.replace(/^\//, '') || '0';
  if (!/^\d{1,2}$/.test(db)) throw new ServiceError(400, `--redis-url ${url}: the database is a number (got ${db})`);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 6379),
    db: Number(db),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    // Reconnect for ever, at most a second apart: a restarted Redis is picked up again.
    retryStrategy: (times: number) => Math.min(times * 100, 1000),
  };
}

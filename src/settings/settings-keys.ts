/** Dotted keys (`sandbox.allowNetwork`) into settings objects, for `config get` / `set` and SettingsManager.set. */

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** The key's parts; an empty part or a prototype name is refused (a key is external input). */
export function keyParts(key: string): string[] {
  const parts = key.split('.');
  const bad = parts.find((part) => part === '' || FORBIDDEN.has(part));
  if (bad !== undefined) throw new TypeError(`not a settings key: "${key}"`);
  return parts;
}

export function getKey(object: unknown, key: string): unknown {
  let value: unknown = object;
  for (const part of keyParts(key)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A copy of `object` with `key` set to `value` (objects created on the way; everything else kept). */
export function withKey<T extends object>(object: T, key: string, value: unknown): T {
  const [head, ...rest] = keyParts(key);
  const current = (object as Record<string, unknown>)[head!];
  const child = current !== null && typeof current === 'object' && !Array.isArray(current) ? current : {};
  return { ...object, [head!]: rest.length ? withKey(child, rest.join('.'), value) : value };
}

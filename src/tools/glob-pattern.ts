/**
 * Glob patterns for the `glob` and `search` agent commands, matched in Node: `*` and `?` within one path
 * segment, `**` across segments, `[abc]` / `[!abc]` classes, `{a,b}` alternatives. Dotfiles match too.
 */
export function globToRegExp(pattern: string): RegExp {
  return new RegExp(`^${translate(pattern)}$`);
}

export function hasGlobMagic(text: string): boolean {
  return /[*?[{]/.test(text);
}

function translate(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        const slashAfter = pattern[i + 2] === '/';
        const atSegmentStart = i === 0 || pattern[i - 1] === '/';
        if (atSegmentStart && slashAfter) {
          out += '(?:.*/)?';
          i += 2;
        } else {
          out += '.*';
          i += 1;
        }
      } else {
        out += '[^/]*';
      }
    } else if (char === '?') {
      out += '[^/]';
    } else if (char === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) {
        out += '\\[';
        continue;
      }
      let body = pattern.slice(i + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      out += `[${negated ? '^' : ''}${body.replace(/[\\\]]/g, '\\$&')}]`;
      i = end;
    } else if (char === '{') {
      const end = matchingBrace(pattern, i);
      if (end === -1) {
        out += '\\{';
        continue;
      }
      out += `(?:${splitTopLevel(pattern.slice(i + 1, end))
        .map(translate)
        .join('|')})`;
      i = end;
    } else {
      out += char.replace(/[.+^$()|\\\]}]/g, '\\$&');
    }
  }
  return out;
}

function matchingBrace(pattern: string, open: number): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === '{') depth++;
    else if (pattern[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The alternatives of a brace body: split at its commas outside nested braces. */
function splitTopLevel(body: string): string[] {
  const parts = [''];
  let depth = 0;
  for (const char of body) {
    if (char === ',' && depth === 0) {
      parts.push('');
      continue;
    }
    if (char === '{') depth++;
    if (char === '}') depth--;
    parts[parts.length - 1] += char;
  }
  return parts;
}

/** An Agent Skill: a folder with a SKILL.md (YAML front matter, then instructions) and optional scripts/, references/, assets/. */
export interface Skill {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  metadata: Record<string, string>;
  /** `allowed-tools`, split into names. */
  allowedTools: string[];
  /** The skill's folder. */
  dir: string;
  /** Its SKILL.md. */
  location: string;
  /** The instructions after the front matter. */
  body: string;
}

/** Names the `skill:` commands use themselves: a skill cannot take them. */
export const RESERVED_SKILL_NAMES: ReadonlySet<string> = new Set(['list', 'search', 'load']);

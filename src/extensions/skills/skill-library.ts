import type { Skill } from './skill';
import { scanSkills, type SkillScan } from './skill-scan';
import type { SkillMatch, SkillSearchIndex } from './skill-search';

/**
 * The skills of one runner or CLI command: the folders are scanned once, on first need, and the search
 * index is built on the first search.
 */
export class SkillLibrary {
  private scan?: Promise<SkillScan>;
  private index?: SkillSearchIndex;

  constructor(
    /** Skill directories, highest precedence first. */
    readonly dirs: string[],
  ) {}

  /** Whether the skill folders have been asked for (they are scanned on first use). */
  get scanned(): boolean {
    return this.scan !== undefined;
  }

  /** Every valid skill and the warnings about the ones skipped. */
  load(): Promise<SkillScan> {
    this.scan ??= scanSkills(this.dirs);
    return this.scan;
  }

  async get(name: string): Promise<Skill | undefined> {
    return (await this.load()).skills.find((skill) => skill.name === name);
  }

  /** Why a skill of this name was left out, when one was (it is named in skill:load and the suggestions). */
  async skippedReason(name: string): Promise<string | undefined> {
    const skipped = (await this.load()).skipped.find((entry) => entry.name === name);
    return skipped && `Skill "${name}" was skipped: ${skipped.reason} (${skipped.location}).`;
  }

  async search(query: string, limit?: number): Promise<SkillMatch[]> {
    const { skills } = await this.load();
    if (!this.index) {
      const { SkillSearchIndex } = require('./skill-search') as typeof import('./skill-search');
      this.index = new SkillSearchIndex(skills);
    }
    return this.index.search(query, limit);
  }
}

import type MiniSearch from 'minisearch';
import type { Skill } from './skill';

/** Words that say nothing about a skill; left out of the index and of queries. */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it its me my of on or so that the this to use used uses using what when where which who why will with you your'.split(' '),
);

export interface SkillMatch {
  skill: Skill;
  score: number;
}

/**
 * Ranked full-text search over skills (name, description, body) with MiniSearch: name matches weigh most,
 * prefixes and small typos match (one in a short word), ties keep catalog order, so results are deterministic.
 */
export class SkillSearchIndex {
  private readonly index: MiniSearch<{ id: number; name: string; description: string; body: string }>;

  constructor(private readonly skills: readonly Skill[]) {
    // Loaded here, not at the top: a command that never searches does not pay for it.
    const MiniSearchClass = require('minisearch') as typeof MiniSearch;
    this.index = new MiniSearchClass({
      fields: ['name', 'description', 'body'],
      processTerm: (term) => (STOP_WORDS.has(term.toLowerCase()) ? null : term.toLowerCase()),
      searchOptions: {
        boost: { name: 3, description: 2 },
        // Short words match only as written: "is" must not find "issue" or "it".
        prefix: (term) => term.length > 3,
        // One typo is forgiven in a short word (3-4 letters), one in five in longer ones.
        fuzzy: (term) => (term.length > 4 ? 0.2 : term.length >= 3 ? 1 : false),
        combineWith: 'OR',
      },
    });
    this.index.addAll(skills.map((skill, id) => ({ id, name: skill.name, description: skill.description, body: skill.body })));
  }

  search(query: string, limit = 10): SkillMatch[] {
    return this.index
      .search(query)
      .map((result) => ({ skill: this.skills[result.id as number]!, score: result.score, id: result.id as number }))
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, limit)
      .map(({ skill, score }) => ({ skill, score }));
  }
}

/** The sub-agent kinds `task:<type>` can start. */
export interface TaskType {
  /** No writes: `write`, `edit`, TodoWrite and writing shell commands are refused. */
  readOnly: boolean;
  /** What the sub-agent is for, put at the top of its system prompt. */
  role: string;
  /** No tools: it is given the skill catalog and answers from it. */
  answersFromSkillCatalog?: boolean;
}

export const TASK_TYPES: Readonly<Record<string, TaskType>> = {
  general: { readOnly: false, role: 'You are a general-purpose sub-agent: carry out the task completely, then report what you did and found.' },
  explore: { readOnly: true, role: 'You are a read-only exploration sub-agent: inspect files and run read-only commands, never modify anything, then report your findings.' },
  skill: {
    readOnly: true,
    answersFromSkillCatalog: true,
    role:
      'You are a skill-search sub-agent. From the skill catalog below, pick the skills that fit the request. For each, give its name, ' +
      'why it fits, and how to use it: skill:load <name> for its instructions, then its scripts as skill:<name>:<script> [args]. ' +
      'If none fits, say so plainly. You have no tools: answer from the catalog.',
  },
};

/** `task:skill:search` belongs to `skill`: the first segment names the kind. */
export function taskTypeOf(type: string): TaskType | undefined {
  const kind = type.split(':')[0];
  return Object.hasOwn(TASK_TYPES, kind) ? TASK_TYPES[kind] : undefined;
}

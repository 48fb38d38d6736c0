export { createSubAgentExecutorFactory, type SubAgentDependencies, type NestedRunner } from './sub-agent-executor';
export { guardNestedTasks, NESTED_TASK_REFUSAL } from './nested-task-guard';
export { TASK_TYPES, taskTypeOf, type TaskType } from './task-types';

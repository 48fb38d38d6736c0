export { compactCommand, describeCompaction, type Compactable, type CompactCommandResult } from './compact-command';

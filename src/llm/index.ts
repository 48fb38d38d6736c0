export * from './types';
export * from './model-error';
export * from './tool-call-assembler';
export * from './openai-model-runtime';
export * from './scripted-model';
export * from './wire-messages';

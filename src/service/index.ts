export { AgentService, type AgentServiceOptions, type CreateOperationInput, type OperationView } from './agent-service';
export { createHttpApi, type HttpApiOptions } from './http-api';
export { isLoopbackHost } from './loopback';
export { createJsonLogger, LOG_LEVELS, type LogLevel, type ServiceLogger } from './service-log';
export { defaultServiceTokenFile, loadOrCreateServiceToken, ServiceTokenError } from './service-token';
export { MemoryOperationStore } from './memory-store';
export { MemoryStepQueue } from './memory-queue';
export type { OperationStore } from './operation-store';
export type { StepQueue, StepHandler } from './step-queue';
export { ServiceError } from './service-error';
export {
  StoreUnavailableError,
  type Decision,
  type OperationListQuery,
  type OperationMeta,
  type OperationPage,
  type OperationRecord,
  type OperationSummary,
  type StoredEvent,
  type StepJob,
} from './operation-types';
export { OperationBusyError, type StepWorkerOptions } from './step-job';
export { connectBackend, type BackendOptions, type ServiceBackend } from './service-backend';
export { RedisOperationStore } from './redis-store';
export { BullStepQueue, type BullStepQueueOptions } from './bullmq-queue';
export { redisOptionsFromUrl } from './redis-options';

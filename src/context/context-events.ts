/** Progress of context management, as the runner reports it (and `--json` prints it). */
export type ContextEvent =
  | {
      type: 'context_offloaded';
      /** Tool results replaced by a file reference. */
      count: number;
      files: string[];
      tokensBefore: number;
      tokensAfter: number;
    }
  | {
      type: 'context_compacted';
      /** What asked for it: a threshold, the request limit, the server's refusal, or a caller (/compact). */
      reason: CompactReason;
      tokensBefore: number;
      tokensAfter: number;
      messagesBefore: number;
      messagesAfter: number;
      /** Offloaded files deleted because nothing refers to them any more. */
      deletedFiles: number;
    };

export type CompactReason = 'threshold' | 'limit' | 'overflow' | 'manual';

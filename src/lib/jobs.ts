/** Runs `task` every `intervalMs` until stopped; the timer never keeps the process alive on its own. */
export function repeatEvery(task: () => unknown, intervalMs: number) {
  const timer = setInterval(task, intervalMs);
  timer.unref?.();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}

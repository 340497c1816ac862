/**
 * What must finish before the process exits (a queue's last writes, a job's upload): the server runs
 * every registered task on SIGTERM after it stopped taking requests, and before it closes the database.
 */
type Task = () => Promise<void> | void;

const tasks: Task[] = [];
let running: Promise<void> | null = null;

export function onShutdown(task: Task) {
  tasks.push(task);
}

/**
 * Runs the tasks in the order they were registered, each after the previous one finished; a task that
 * fails is reported and does not keep the others from running. Called twice, it runs them once.
 */
export function shutdown(report: (error: unknown) => void = (error) => console.error('shutdown task failed', error)): Promise<void> {
  running ??= (async () => {
    for (const task of tasks) {
      try {
        await task();
      } catch (error) {
        report(error);
      }
    }
  })();
  return running;
}

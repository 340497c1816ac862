/**
 * What must finish before the process exits (a queue's last writes, a job's upload): the server runs
 * every registered task on SIGTERM after it stopped taking requests, and before it closes the database.
 */
type Task = () => Promise<void> | void;

const tasks: Task[] = [];
let running: Promise<void> = Promise.resolve();

export function onShutdown(task: Task) {
  tasks.push(task);
}

/**
 * Runs the registered tasks in order, each after the previous one finished, and forgets them: each runs
 * once, however often this is called. A task that fails is reported and does not keep the others from
 * running. A second call waits for the first.
 */
export function shutdown(report: (error: unknown) => void = (error) => console.error('shutdown task failed', error)): Promise<void> {
  running = running.then(async () => {
    for (let task = tasks.shift(); task; task = tasks.shift()) {
      try {
        await task();
      } catch (error) {
        report(error);
      }
    }
  });
  return running;
}

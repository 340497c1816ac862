import { expect, test } from 'bun:test';
import { onShutdown, shutdown } from './shutdown';

test('shutdown runs every task once, in order, each after the previous one, past a task that fails', async () => {
  const ran: string[] = [];
  const failures: unknown[] = [];
  onShutdown(async () => {
    await Bun.sleep(1);
    ran.push('flush the queue');
  });
  onShutdown(() => {
    throw new Error('upload refused');
  });
  onShutdown(() => {
    ran.push('after the failure');
  });
  await Promise.all([shutdown((error) => failures.push(error)), shutdown((error) => failures.push(error))]);
  await shutdown();
  expect(ran).toEqual(['flush the queue', 'after the failure']);
  expect(failures.map(String)).toContain('Error: upload refused');
});

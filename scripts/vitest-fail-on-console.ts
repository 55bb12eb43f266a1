import { afterEach, vi } from 'vitest';

// A test that logs an unexpected console error fails (conventions, 10).
let unexpected: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  unexpected.push(args);
});
afterEach(() => {
  const logged = unexpected;
  unexpected = [];
  if (logged.length > 0) {
    throw new Error(`Unexpected console.error:\n${logged.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});

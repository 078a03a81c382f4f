import { beforeEach } from 'vitest';

/**
 * Lets the worker's event loop run before each test. A test file whose tests
 * only await promises that are already settled (a pipeline fed from memory)
 * is one chain of microtasks from its first test to its last; vitest's
 * worker then reads no answer from its runner until the file ends, and once
 * that takes over a minute (integration's hostile-input file on a loaded
 * two-core machine: 97 s) it fails the run with `Timeout calling
 * "onTaskUpdate"` although every test passed.
 */
beforeEach(() => new Promise<void>((resolve) => setImmediate(resolve)));

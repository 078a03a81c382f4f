/*
 * The floor as a process, for the end-to-end part (end-to-end.ts):
 * `node floor-child.js [--readline] <file>` reads the file as xview does (a
 * read stream of 64 KiB chunks) and splits and parses every line, or with
 * `--readline` runs the readline baseline. Node built-ins only, so
 * that its start-up is node's own.
 */
import { createReadStream } from 'node:fs';
import { createFloor, readlineSwitch } from './floor.js';

const readline = process.argv[2] === '--readline';
const file = process.argv[readline ? 3 : 2];
if (file === undefined) throw new Error('usage: floor-child.js [--readline] <file>');
if (readline) {
  await readlineSwitch(createReadStream(file));
} else {
  const floor = createFloor();
  for await (const chunk of createReadStream(file)) floor.push(chunk as Buffer);
  floor.end();
}

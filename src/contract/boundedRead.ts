// Reads a contract file as untrusted input: only a regular file (not a FIFO,
// a device such as /dev/zero, or a folder; a symlink is followed to what it
// names, which must be one), and at most a given number of bytes, so that
// reading it takes bounded time and memory whatever the path names.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** The largest contract file read by default: 40 times the built-in contract. */
export const DEFAULT_MAX_CONTRACT_BYTES = 1_048_576;

/** The file's text; throws one line saying why it cannot be read. */
export function readBoundedText(path: string, maxBytes: number = DEFAULT_MAX_CONTRACT_BYTES): string {
  // O_NONBLOCK: opening a FIFO would otherwise wait for a writer before fstat could refuse it.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error('it is not a regular file');
    if (stats.size > maxBytes)
      throw new Error(
        `it holds ${stats.size} bytes, more than the ${maxBytes} a contract may (the contract size limit)`,
      );
    // The file may grow while it is read: one byte more than the limit is read at most.
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length <= maxBytes; length += read)
      read = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > maxBytes) throw new Error(`it grew past the ${maxBytes} bytes a contract may hold while it was read`);
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, length));
  } finally {
    closeSync(fd);
  }
}

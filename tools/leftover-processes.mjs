// Lists the processes still running that carry this CI run's mark in their
// environment (every process .ci/run starts inherits it, orphans included),
// other than this one and the shell that runs it; exits 1 if there is any.
import { readdirSync, readFileSync } from 'node:fs';

const mark = process.env.CI_RUN_MARK;
if (!mark) {
  console.error('leftover-processes: CI_RUN_MARK is not set');
  process.exit(2);
}
const read = (pid, file) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return ''; // gone, or not ours to read
  }
};
const left = readdirSync('/proc')
  .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid && Number(name) !== process.ppid)
  .filter((pid) => read(pid, 'environ').split('\0').includes(`CI_RUN_MARK=${mark}`));
for (const pid of left) console.log(`  left running: ${pid} ${read(pid, 'cmdline').replaceAll('\0', ' ').trim()}`);
console.log(left.length === 0 ? 'no process left behind' : `${left.length} process(es) left behind`);
process.exit(left.length === 0 ? 0 : 1);

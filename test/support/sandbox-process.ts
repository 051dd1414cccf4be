/**
 * Finding the sandbox service process the way an operator would: a child of this process whose name
 * (/proc/<pid>/comm, what `ps` and `top` show) is `fapiao-sandbox`. Linux only, like the CI machine.
 */
import fs from 'node:fs';

export function processName(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Live child processes of `parent` named `name`. */
export function childrenNamed(name: string, parent = process.pid): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => parentOf(pid) === parent && processName(pid) === name);
}

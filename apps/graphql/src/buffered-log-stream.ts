/** Longest a log line waits in the buffer before it is written. */
export const LOG_FLUSH_MS = 250;

export interface BufferedLogStream {
  /** Takes one line (pino hands each as a string ending in a line feed). */
  write(line: string): boolean;
  /** Writes whatever is buffered, at once. */
  flush(): void;
  /** Flushes, and writes each later line at once (the server closed). */
  close(): void;
}

/** Streams still open: each is flushed when the process exits (one listener for all). */
const open = new Set<BufferedLogStream>();
let exitHooked = false;

/**
 * The facade's log destination with LOG_BUFFER_BYTES above 0: lines gathered in memory and
 * written together once `maxBytes` are held or the oldest waited LOG_FLUSH_MS, and at exit.
 * Writing each line on its own cost a system call per request, about a seventh of a response
 * cache hit's CPU (issue 37). The cost: a line shows up to LOG_FLUSH_MS late, and the lines of
 * that last moment are lost if the process is killed outright (SIGKILL, out of memory); a
 * normal exit, a signal the facade handles or an uncaught error writes them first.
 */
export function bufferedLogStream({
  maxBytes,
  out = (text) => process.stdout.write(text),
}: {
  maxBytes: number;
  /** Where the lines go (default stdout, written synchronously on Linux for files and pipes). */
  out?: (text: string) => void;
}): BufferedLogStream {
  let lines: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const flush = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (lines.length === 0) return;
    const text = lines.join("");
    lines = [];
    bytes = 0;
    out(text);
  };
  const stream: BufferedLogStream = {
    write(line) {
      if (closed) {
        out(line);
        return true;
      }
      lines.push(line);
      bytes += line.length;
      if (bytes >= maxBytes) flush();
      else timer ??= setTimeout(flush, LOG_FLUSH_MS).unref();
      return true;
    },
    flush,
    close() {
      closed = true;
      flush();
      open.delete(stream);
    },
  };
  open.add(stream);
  if (!exitHooked) {
    exitHooked = true;
    process.once("exit", () => {
      for (const each of open) each.flush();
    });
  }
  return stream;
}

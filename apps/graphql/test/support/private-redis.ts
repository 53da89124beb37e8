import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "@adsgraph/ads-api/testing";
import { connectRedis } from "@adsgraph/storage";

/** A redis-server of the test's own (no persistence), which it may kill and start again. */
export interface PrivateRedis {
  /** `redis://127.0.0.1:<port>`: the same across restarts. */
  readonly url: string;
  /** SIGKILL: every key is gone, as after a crash of a Redis without persistence. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty). */
  start(): Promise<void>;
  close(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const probe = await connectRedis({ url, prefix: "probe:" });
  try {
    return probe.up;
  } finally {
    await probe.close();
  }
}

/** Starts `redis-server` (on PATH) on a free loopback port, ready once it answers PING. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    child = started;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (started.exitCode !== null) throw new Error(`redis-server exited (${started.exitCode})`);
      if (await answers(url)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("redis-server did not answer");
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url, kill, start, close: kill };
}

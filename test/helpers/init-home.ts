/**
 * A trailseal home as `trailseal init` makes it, for files whose tests each need a fresh home but
 * do not test `init` itself: the built CLI's `init` runs once per test file, and every call copies
 * that home (modes kept) instead of starting the CLI again. Each test still gets its own home.
 * The copies share one seal key: a file whose tests publish to one witness must not use this (a
 * witness keeps the newest seal of a key, and would read the next test's trail as a cut).
 */
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, expect } from "vitest";
import { runCli, tempDir } from "./cli.js";

let template: Promise<{ home: string; cleanup: () => Promise<void> }> | undefined;
afterAll(async () => {
  if (template) await (await template).cleanup();
});

/** Fills `home` (absent, or an empty directory) with a copy of the file's initialised home. */
export async function initialisedHome(home: string): Promise<void> {
  template ??= (async () => {
    const { dir, cleanup } = await tempDir("trailseal-init-template-");
    const made = await runCli(["init", "--home", join(dir, "home")]);
    expect(made.code, made.stderr).toBe(0);
    return { home: join(dir, "home"), cleanup };
  })();
  await cp((await template).home, home, { recursive: true });
}

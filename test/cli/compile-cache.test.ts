import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compileCacheDirectory, enableUserCompileCache } from "../../src/cli/compile-cache.js";
import { runCli } from "../helpers/cli.js";

let root: string;
let enabled: string[];
const enable = (directory: string) => {
  enabled.push(directory);
  return { status: 1, directory };
};
const cacheOf = (base: string) => join(base, "trailseal", "node-compile-cache");

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "trailseal-compile-cache-"));
  enabled = [];
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("Node's compile cache for the ordinary commands", () => {
  it("lives under $XDG_CACHE_HOME when it is absolute, else under ~/.cache", () => {
    expect(compileCacheDirectory({ XDG_CACHE_HOME: "/x/cache" })).toBe(
      "/x/cache/trailseal/node-compile-cache",
    );
    expect(compileCacheDirectory({ XDG_CACHE_HOME: "relative/cache" })).toBe(
      cacheOf(join(homedir(), ".cache")),
    );
    expect(compileCacheDirectory({})).toBe(cacheOf(join(homedir(), ".cache")));
  });

  it("is made for this user alone (0700) and handed to Node", () => {
    const directory = enableUserCompileCache({ XDG_CACHE_HOME: root }, enable);
    expect(directory).toBe(cacheOf(root));
    expect(enabled).toEqual([cacheOf(root)]);
    expect(lstatSync(cacheOf(root)).mode & 0o777).toBe(0o700);
  });

  it("is not asked for where Node has no enableCompileCache (Node 20), and nothing is made", () => {
    expect(enableUserCompileCache({ XDG_CACHE_HOME: root }, null)).toBeUndefined();
    expect(() => lstatSync(join(root, "trailseal"))).toThrow();
  });

  it("is not used when others may write to it", () => {
    mkdirSync(cacheOf(root), { recursive: true });
    chmodSync(cacheOf(root), 0o777);
    expect(enableUserCompileCache({ XDG_CACHE_HOME: root }, enable)).toBeUndefined();
    chmodSync(cacheOf(root), 0o720);
    expect(enableUserCompileCache({ XDG_CACHE_HOME: root }, enable)).toBeUndefined();
    expect(enabled).toEqual([]);
  });

  it("is not used through a symbolic link", () => {
    const elsewhere = join(root, "elsewhere");
    mkdirSync(elsewhere, { mode: 0o700 });
    mkdirSync(join(root, "trailseal"));
    symlinkSync(elsewhere, cacheOf(root));
    expect(enableUserCompileCache({ XDG_CACHE_HOME: root }, enable)).toBeUndefined();
    expect(enabled).toEqual([]);
  });

  it.skipIf(process.getuid?.() !== 0)("is not used when another user owns it", () => {
    mkdirSync(cacheOf(root), { recursive: true, mode: 0o700 });
    chownSync(cacheOf(root), 65534, 65534);
    expect(enableUserCompileCache({ XDG_CACHE_HOME: root }, enable)).toBeUndefined();
    expect(enabled).toEqual([]);
  });

  it("that cannot be made, or that Node refuses, means no cache and no error", () => {
    writeFileSync(join(root, "trailseal"), "a file where the directory would be");
    expect(enableUserCompileCache({ XDG_CACHE_HOME: root }, enable)).toBeUndefined();
    rmSync(join(root, "trailseal"));
    const refusing = () => {
      throw new Error("refused");
    };
    expect(enableUserCompileCache({ XDG_CACHE_HOME: root }, refusing)).toBeUndefined();
  });

  it("never fails a command: verify and --version run with a cache directory that cannot be made", async () => {
    writeFileSync(join(root, "trailseal"), "a file where the directory would be");
    const home = join(root, "home");
    const env = { XDG_CACHE_HOME: root, NODE_EXTRA_CA_CERTS: undefined };
    expect((await runCli(["--home", home, "init"], { env })).code).toBe(0);
    const verify = await runCli(["--home", home, "verify"], { env });
    expect(verify.stderr).not.toContain("internal");
    expect(verify.code).toBe(0);
    const version = await runCli(["--version"], { env });
    expect(version.code).toBe(0);
    expect(version.stderr).toBe("");
  });
});

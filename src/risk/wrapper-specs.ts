/**
 * The wrappers stripped before a command is judged (wrappers.ts): for each, the options that take
 * a value, what else comes before the command, and whether it runs it with privilege.
 */

/** Wrapper → options that take a value (short letters and long names), and how it ends. */
export interface WrapperSpec {
  valueShort: string;
  valueLong: string[];
  /** Leading positional arguments consumed before the command (timeout's duration). */
  positionals?: number;
  /** `env`-style: NAME=value words may precede the command. */
  assignments?: boolean;
  privileged?: boolean;
  /** A lone `-` is an option (`env -` is `env -i`), not the command. */
  dashOption?: boolean;
  /** Long options that take two values (`bwrap --bind SRC DEST`). */
  pairLong?: string[];
}

export const WRAPPERS: Record<string, WrapperSpec> = {
  sudo: {
    valueShort: "ugCDhprtUT",
    valueLong: [
      "user",
      "group",
      "close-from",
      "chdir",
      "host",
      "prompt",
      "role",
      "type",
      "other-user",
      "command-timeout",
    ],
    privileged: true,
    assignments: true,
  },
  doas: { valueShort: "uC", valueLong: [], privileged: true },
  // systemd's sudo (run0) and the container entrypoint helpers that switch user (gosu, su-exec)
  run0: {
    valueShort: "ugD",
    valueLong: [
      "user",
      "group",
      "chdir",
      "unit",
      "property",
      "description",
      "slice",
      "nice",
      "setenv",
      "machine",
    ],
    privileged: true,
  },
  gosu: { valueShort: "", valueLong: [], positionals: 1, privileged: true },
  "su-exec": { valueShort: "", valueLong: [], positionals: 1, privileged: true },
  pkexec: { valueShort: "", valueLong: ["user"], privileged: true },
  env: {
    valueShort: "uCPS",
    valueLong: ["unset", "chdir", "split-string", "block-signal", "default-signal", "ignore-signal"],
    assignments: true,
    dashOption: true,
  },
  // macOS `arch -arm64 CMD`, `arch -arch x86_64 -e K=V CMD`: runs CMD; alone it prints the architecture
  arch: { valueShort: "hed", valueLong: [] },
  nohup: { valueShort: "", valueLong: [] },
  setsid: { valueShort: "", valueLong: [] },
  time: { valueShort: "fo", valueLong: ["format", "output"] },
  nice: { valueShort: "n", valueLong: ["adjustment"] },
  ionice: { valueShort: "cnp", valueLong: ["class", "classdata", "pid"] },
  timeout: { valueShort: "sk", valueLong: ["signal", "kill-after"], positionals: 1 },
  command: { valueShort: "", valueLong: [] },
  builtin: { valueShort: "", valueLong: [] },
  exec: { valueShort: "a", valueLong: [] },
  stdbuf: { valueShort: "ioe", valueLong: ["input", "output", "error"] },
  xargs: {
    // -i, -e and -l take their optional value attached (`-i{}`), never the next word.
    valueShort: "IELnPsda",
    valueLong: [
      "replace",
      "eof",
      "max-lines",
      "max-args",
      "max-procs",
      "max-chars",
      "delimiter",
      "arg-file",
      "process-slot-var",
    ],
  },
  unbuffer: { valueShort: "", valueLong: [] },
  caffeinate: { valueShort: "tw", valueLong: [] },
  chronic: { valueShort: "", valueLong: [] },
  torsocks: { valueShort: "", valueLong: [] },
  proxychains: { valueShort: "f", valueLong: [] },
  proxychains4: { valueShort: "f", valueLong: [] },
  watch: { valueShort: "nd", valueLong: ["interval", "differences"] },
  flock: { valueShort: "wE", valueLong: ["timeout", "conflict-exit-code", "command"], positionals: 1 },
  // `busybox sh -c …`, `busybox rm -rf /`: the applet is the program.
  busybox: { valueShort: "", valueLong: [] },
  toybox: { valueShort: "", valueLong: [] },
  // namespaces and sandboxes run the command they are given, with what they bind in
  unshare: {
    valueShort: "SGRw",
    valueLong: ["setuid", "setgid", "root", "wd", "propagation", "map-user", "map-group"],
  },
  // entering another process's namespaces (`nsenter -t 1 …`, the host's init) needs root
  nsenter: { valueShort: "tSGrw", valueLong: ["target", "setuid", "setgid", "root", "wd"], privileged: true },
  firejail: { valueShort: "", valueLong: [] },
  bwrap: {
    valueShort: "",
    valueLong: [
      "proc",
      "dev",
      "tmpfs",
      "mqueue",
      "dir",
      "chdir",
      "unsetenv",
      "uid",
      "gid",
      "hostname",
      "remount-ro",
      "lock-file",
      "sync-fd",
      "info-fd",
      "seccomp",
      "exec-label",
      "file-label",
      "userns",
      "pidns",
      "perms",
    ],
    pairLong: [
      "bind",
      "ro-bind",
      "dev-bind",
      "bind-try",
      "ro-bind-try",
      "dev-bind-try",
      "setenv",
      "symlink",
      "file",
      "bind-data",
      "ro-bind-data",
      "chmod",
    ],
  },
  // tracers run the command they are given, to the end
  strace: {
    valueShort: "abeEIoOpPsSuUX",
    valueLong: [
      "trace",
      "output",
      "attach",
      "string-limit",
      "user",
      "env",
      "signal",
      "status",
      "summary-sort-by",
    ],
  },
  ltrace: { valueShort: "aeEfnopsuwxAD", valueLong: ["output", "library", "user"] },
  // `wsl -e cmd`, `wsl -- cmd`, `wsl -d Ubuntu cmd`: the Linux command it runs
  wsl: { valueShort: "du", valueLong: ["distribution", "user", "cd", "shell-type"] },
  chroot: { valueShort: "", valueLong: ["userspec", "groups"], positionals: 1 },
  // `time { rm -rf /; }`: the grammar reads the group's `{` as a word of `time`
  "{": { valueShort: "", valueLong: [] },
  coproc: { valueShort: "", valueLong: [] },
  // a virtual display, a session bus, a file watcher: each runs its command
  "xvfb-run": {
    valueShort: "efnpsw",
    valueLong: ["error-file", "auth-file", "server-num", "xauth-protocol", "server-args", "wait"],
  },
  "dbus-run-session": { valueShort: "", valueLong: ["config-file", "dbus-daemon"] },
  entr: { valueShort: "", valueLong: [] },
  "systemd-run": {
    valueShort: "upMEs",
    valueLong: [
      "unit",
      "property",
      "description",
      "slice",
      "uid",
      "gid",
      "nice",
      "working-directory",
      "on-active",
      "on-boot",
      "on-startup",
      "on-unit-active",
      "on-unit-inactive",
      "on-calendar",
      "timer-property",
      "setenv",
      "machine",
      "host",
    ],
  },
};

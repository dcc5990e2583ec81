/**
 * Privilege and the machine's defences by other spellings (docs/risk.md, "Privilege and
 * defences by other spellings"): capabilities granted (`setcap cap_setuid+ep`, as a setuid bit), a
 * process's memory dumped (`gcore`: the keys and passwords it holds), the boot configuration and
 * firmware rewritten (`efibootmgr -B`, `flashrom -w`). Their read forms (`getcap`) add nothing.
 * macOS's `xattr`, `systemsetup` and kernel extensions: rules/macos-system.ts.
 */
import type { Rule, RuleTable } from "../command/rule.js";
import { isSystemPath } from "../paths.js";

/** Capabilities that amount to root: set uid, bypass file permissions, load modules, trace processes. */
const ROOT_CAPABILITY =
  /cap_(setuid|setgid|sys_admin|sys_ptrace|sys_module|dac_override|dac_read_search|chown|fowner|sys_rawio|bpf|setfcap|all)\b/i;

const setcap: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  if (values.some((value) => value === "-r"))
    return void signals.score.raise("medium", "setcap -r removes capabilities");
  const grant = values.find((value) => ROOT_CAPABILITY.test(value) && /[+=][a-z]*[ep]/i.test(value));
  if (!grant) return void signals.score.raise("medium", "setcap changes a program's capabilities");
  const system = values.some((value) => value.startsWith("/") && isSystemPath(value));
  signals.score.raise(
    system ? "critical" : "high",
    `setcap ${grant} lets the program act as root${system ? " (a system program anyone may run)" : ""}`,
    "privilege_escalation",
  );
};

/** `gcore PID`: a process's memory written to a file, with every secret it holds. */
const gcore: Rule = (_invocation, { signals }) =>
  signals.score.raise(
    "high",
    "gcore dumps a process's memory (the keys and passwords it holds)",
    "sensitive_file_access",
  );

/**
 * The boot configuration and the firmware (`efibootmgr -B`, `-o`, `-c`; `flashrom -w`, `-E`):
 * what the machine starts, rewritten (critical, as `bcdedit` on Windows); listing and reading
 * (`efibootmgr -v`, `flashrom -r`) add nothing.
 */
const boot: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  const writes =
    invocation.program === "efibootmgr"
      ? values.some((value) =>
          /^(-[BcoaAnNtT]|--(delete-bootnum|create|bootorder|active|inactive|bootnext|delete-bootnext|timeout|delete-timeout))$/.test(
            value,
          ),
        )
      : values.some((value) => /^(-[a-zA-Z]*[wE]|--(write|erase))$/.test(value));
  if (!writes) return void signals.score.raise("none", "");
  signals.score.raise(
    "critical",
    `${invocation.program} rewrites what the machine boots`,
    "system_modification",
  );
};

export const PRIVILEGE_RULES: RuleTable = {
  efibootmgr: boot,
  flashrom: boot,
  setcap,
  gcore,
};

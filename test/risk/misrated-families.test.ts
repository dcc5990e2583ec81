// Mis-ratings engineers found by hand, fixed as families (docs/risk.md, "Rule families": killing
// by a filter, listings of credential directories, PowerShell values the line computes, BitLocker's
// key protectors expanded, credentials in the registry). Each row is the level the family gives
// the command; near misses sit beside the dangers (cases written for this project).
import { describeLevels, type Level } from "./judged.js";

const FAMILIES: Record<string, [command: string, level: Level][]> = {
  "taskkill by a filter that selects the system or everything": [
    ['taskkill /fi "USERNAME eq NT AUTHORITY\\SYSTEM" /f', "high"],
    ['taskkill /f /fi "USERNAME eq SYSTEM"', "high"],
    ['taskkill /f /fi "USERNAME eq NT AUTHORITY\\NETWORK SERVICE"', "high"],
    ['taskkill /f /fi "USERNAME ne alice"', "high"],
    ['taskkill /f /fi "STATUS eq RUNNING"', "high"],
    ['taskkill /f /fi "SESSION eq 0"', "high"],
    ['taskkill /f /fi "PID gt 0"', "high"],
    ['taskkill /f /fi "IMAGENAME eq lsass.exe"', "high"],
    ['taskkill /f /fi "SERVICES eq WinDefend"', "high"],
    ["taskkill /f /im *", "high"],
    ["taskkill /im lsass.exe /f", "high"],
    ['taskkill /f /fi "IMAGENAME eq notepad.exe"', "medium"],
    ['taskkill /f /fi "STATUS eq NOT RESPONDING"', "medium"],
    ['taskkill /f /fi "WINDOWTITLE eq Untitled*"', "medium"],
    ['taskkill /f /fi "USERNAME eq SYSTEM" /im notepad.exe', "medium"],
    ['taskkill /f /fi "USERNAME eq SYSTEM" /fi "IMAGENAME eq node.exe"', "medium"],
    ["taskkill /im node.exe /f", "medium"],
  ],
  "a credential directory listed, on both systems": [
    ["ls ~/.ssh", "none"],
    ["ls -la ~/.ssh", "none"],
    ["Get-ChildItem C:\\Users\\x\\.ssh", "none"],
    ["Get-ChildItem -Force ~\\.ssh", "none"],
    ["Get-ChildItem $env:USERPROFILE\\.ssh", "none"],
    ["gci C:\\Users\\x\\.ssh", "none"],
    ["dir C:\\Users\\x\\.ssh", "none"],
    ["gci", "none"],
    ["Get-ChildItem C:\\Users\\x\\.ssh | Get-Content", "high"],
    ["Get-Content C:\\Users\\x\\.ssh\\id_rsa", "high"],
    ["cat ~/.ssh/id_rsa", "high"],
  ],
  "PowerShell values assigned and computed in the line": [
    ["$x = 5; $x * 2", "medium"],
    ["$x = 5; $y = $x * 2; $y + 1", "medium"],
    ["$a = 3; $b = 4; $a + $b", "medium"],
    ["$x = 5; $x -gt 3", "medium"],
    ["$x * 2", "high"],
    ["$x = 5; $y * 2", "high"],
    ["$x = 5; $x -rf /", "high"],
  ],
  "BitLocker's key protectors printed": [
    ["(Get-BitLockerVolume -MountPoint C:).KeyProtector", "high"],
    ["Get-BitLockerVolume | Select -Expand KeyProtector", "high"],
    ["Get-BitLockerVolume | Select-Object -ExpandProperty KeyProtector", "high"],
    ["Get-BitLockerVolume -MountPoint C: | Select-Object -ExpandProperty KeyProtector | Format-List", "high"],
    ["Get-BitLockerVolume | ForEach-Object { $_.KeyProtector }", "high"],
    ["Get-BitLockerVolume -MountPoint C: | % KeyProtector", "high"],
    ["manage-bde -protectors -get C:", "high"],
    ["Get-BitLockerVolume", "none"],
    ["Get-BitLockerVolume | Select-Object MountPoint, KeyProtector", "none"],
    ["Get-BitLockerVolume | Select-Object MountPoint, ProtectionStatus", "none"],
    ["manage-bde -status", "none"],
  ],
  "credentials in the registry": [
    ['reg query "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon"', "high"],
    ['reg query "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /s', "high"],
    [
      'reg query "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword',
      "high",
    ],
    ["reg query HKLM\\SYSTEM\\CurrentControlSet\\Services\\SNMP\\Parameters\\ValidCommunities", "high"],
    ["reg query HKLM\\SYSTEM\\CurrentControlSet\\Services\\SNMP\\Parameters /s", "high"],
    ["reg query HKCU\\Software\\SimonTatham\\PuTTY\\Sessions", "high"],
    ["reg query HKCU\\Software\\SimonTatham\\PuTTY\\Sessions\\prod /s", "high"],
    ['reg query "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v Shell', "none"],
    ["reg query HKCU\\Software\\SimonTatham\\PuTTY\\SshHostKeys", "none"],
    ["reg query HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run", "none"],
  ],
};

describeLevels(FAMILIES, "mis-rated: ");

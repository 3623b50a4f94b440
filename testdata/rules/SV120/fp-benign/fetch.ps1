# Downloads a data file; nothing is executed.
$ProgressPreference = "SilentlyContinue"
Invoke-WebRequest -Uri https://api.example.com/data.json -OutFile data.json
$data = Get-Content data.json | ConvertFrom-Json
Write-Host $data.name

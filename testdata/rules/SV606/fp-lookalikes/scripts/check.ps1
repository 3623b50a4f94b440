$prefs = Get-MpPreference
if ($prefs.DisableRealtimeMonitoring) {
    Write-Warning "Real-time protection is off; turning it back on."
    Set-MpPreference -DisableRealtimeMonitoring $false
}
Select-String -Path .\scripts\*.ps1 -Pattern 'Add-MpPreference -ExclusionPath'

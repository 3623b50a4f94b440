# Prints whether Microsoft Defender protection is on, and the exclusions that are set.
$status = Get-MpComputerStatus
$prefs = Get-MpPreference
[pscustomobject]@{
    RealTime   = $status.RealTimeProtectionEnabled
    Behavior   = $status.BehaviorMonitorEnabled
    Exclusions = ($prefs.ExclusionPath -join "; ")
}
if (-not $status.RealTimeProtectionEnabled) {
    Write-Warning "Real-time protection is off. Turn it back on with: Set-MpPreference -DisableRealtimeMonitoring `$false"
}

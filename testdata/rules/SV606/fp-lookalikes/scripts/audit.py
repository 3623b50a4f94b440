import subprocess

PATTERNS = ["Set-MpPreference -DisableRealtimeMonitoring $true", "setenforce 0", "auditctl -e 0"]
out = subprocess.run(["getenforce"], capture_output=True, text=True).stdout
subprocess.run(["grep", "-rn", "setenforce 0", "scripts/"], check=False)

import os
import subprocess

subprocess.run(["powershell", "-NoProfile", "-Command", "Set-MpPreference -DisableRealtimeMonitoring $true"], check=True)  # want "high SV606: switches off Microsoft Defender protection [(]Set-MpPreference -DisableRealtimeMonitoring.*from Python"
os.system("setenforce 0")  # want "medium SV606: setenforce 0 .*from Python"
subprocess.run(["getenforce"], check=False)
subprocess.run("Set-MpPreference -DisableRealtimeMonitoring $false", shell=True)

